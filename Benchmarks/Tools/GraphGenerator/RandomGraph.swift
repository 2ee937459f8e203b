/// An acyclic graph of numbered nodes, each depending on a few nodes numbered below it, drawn at
/// random from a seed.
///
/// Node 0 is a leaf; node `i` depends on 0 to `maxDependencies` distinct nodes below `i`, so the
/// graph is acyclic and every library builds it in the same order. The draw is a deterministic
/// function of the seed (``SplitMix64``): scenario 7's graph, ``scenario7``, has 150 nodes,
/// 298 edges and a longest chain of 17 on every build.
///
/// ```swift
/// let graph = RandomGraph(seed: 1, nodes: 3, maxDependencies: 2)
/// graph.dependencies[2]  // the sorted nodes that node 2 needs, e.g. [0, 1]
/// ```
struct RandomGraph {
    /// Scenario 7's graph (S07, "access all 150 graph singletons"). Changing any of these
    /// numbers changes what the benchmark measures.
    static let scenario7 = RandomGraph(seed: 20_250_605, nodes: 150, maxDependencies: 4)

    /// The seed the graph was drawn from.
    let seed: UInt64
    /// The most dependencies any node may have.
    let maxDependencies: Int
    /// For each node, in order, the nodes it depends on, sorted ascending.
    let dependencies: [[Int]]

    /// The number of nodes.
    var nodeCount: Int { dependencies.count }

    /// Draws a graph.
    ///
    /// For each node in turn, one draw picks how many dependencies it has (capped at the number
    /// of nodes below it), then draws below the node until that many distinct nodes are picked.
    /// Every draw counts, repeats included, so the sequence matches the original Python
    /// generator's exactly.
    ///
    /// - Parameters:
    ///   - seed: The seed of the ``SplitMix64`` generator.
    ///   - nodes: The number of nodes.
    ///   - maxDependencies: The most dependencies a node may have.
    init(seed: UInt64, nodes: Int, maxDependencies: Int) {
        var generator = SplitMix64(seed: seed)
        var dependencies: [[Int]] = []
        dependencies.reserveCapacity(nodes)
        for node in 0..<nodes {
            let count = min(node, generator.next(below: maxDependencies + 1))
            var picked = Set<Int>()
            while picked.count < count {
                picked.insert(generator.next(below: node))
            }
            dependencies.append(picked.sorted())
        }
        self.seed = seed
        self.maxDependencies = maxDependencies
        self.dependencies = dependencies
    }
}
