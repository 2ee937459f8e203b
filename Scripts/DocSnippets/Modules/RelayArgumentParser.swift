// What the snippets of RelayArgumentParser's doc comments assume (Scripts/check-doc-snippets.py
// compiles each beside this file).
// snippets import: ArgumentParser, Relay, RelayArgumentParser
import Relay

struct DefaultDependencyRegistry: DependencyRegistryType {
    func registerDependencies() throws {}
}
