import Foundation

extension WiringAccount {
    /// Reads an account from the lines a program wrote, as RelayTesting finds them in the file it
    /// handed the program.
    ///
    /// A last line without its line break is one the program is still writing: it is left for the
    /// next read. Several injection records (a program that ran the parser twice) add up.
    ///
    /// - Parameter bytes: Everything the program wrote so far.
    /// - Returns: The account, or `nil` when the program has not reported an injection yet.
    /// - Throws: `DecodingError` when a complete line is not a record.
    package static func reading(_ bytes: [UInt8]) throws -> WiringAccount? {
        let decoder = JSONDecoder()
        var injectionRecords: [WiringAccountRecord.Injection] = []
        var resolutionRecords: [WiringAccountRecord.Resolution] = []
        let complete = bytes.lastIndex(of: UInt8(ascii: "\n")).map { bytes[...$0] } ?? []
        for line in complete.split(separator: UInt8(ascii: "\n")) {
            let record = try decoder.decode(WiringAccountRecord.self, from: Data(line))
            if let injection = record.injection { injectionRecords.append(injection) }
            if let resolution = record.resolution { resolutionRecords.append(resolution) }
        }
        guard let last = injectionRecords.last else { return nil }
        let resolutions = try resolutionRecords.map(ResolvedDependency.init(record:))
        let injections = injectionRecords.flatMap(\.instructions).map { record in
            InjectedDependency(record: record, instanceTypes: Self.instanceTypes(of: record, among: resolutions))
        }
        var typeKeys: [DependencyTypeKey: String] = [:]
        var factoryKeys: Set<String> = []
        for record in injectionRecords {
            for (key, type) in record.typeKeys { typeKeys[DependencyTypeKey(key)] = type }
            factoryKeys.formUnion(record.factoryKeys ?? [])
        }
        return WiringAccount(
            processIdentifier: last.processIdentifier, injections: injections, registrations: last.registrations,
            resolutions: resolutions, typeKeys: typeKeys,
            factoryKeys: factoryKeys.sorted().map { DependencyFactoryKey($0) })
    }

    /// The instance types the registration an instruction made has produced.
    private static func instanceTypes(
        of instruction: WiringAccountRecord.Instruction,
        among resolutions: [ResolvedDependency]
    ) -> [String] {
        var types: [String] = []
        for resolution in resolutions
        where resolution.injectedBy == instruction.instruction && resolution.registeredIn?.tag == instruction.scope
            && resolution.session == nil
        {
            if let type = resolution.instanceType, !types.contains(type) { types.append(type) }
        }
        return types
    }
}

extension InjectedDependency {
    fileprivate init(record: WiringAccountRecord.Instruction, instanceTypes: [String]) {
        self.init(
            typeKey: DependencyTypeKey(record.typeKey), factoryKey: DependencyFactoryKey(record.factoryKey),
            scope: DependencyContainerScope(record.scope),
            // The program wrote a lifecycle's raw value; an unknown one can only come from a newer
            // Relay, and reads as the default.
            lifecycle: LifecycleType(rawValue: record.lifecycle) ?? .singleton, instruction: record.instruction,
            type: record.type, instanceTypes: instanceTypes)
    }
}

extension ResolvedDependency {
    fileprivate init(record: WiringAccountRecord.Resolution) throws {
        let outcome: Outcome
        switch record.outcome {
        case .built: outcome = .built
        case .cached: outcome = .cached
        case .cancelled: outcome = .cancelled
        case .failed:
            guard let name = record.failure, let code = DependencyResolutionError.Code(name: name) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [],
                        debugDescription: "a failed resolve of '\(record.type)' with no known error code: "
                            + "\(record.failure ?? "none")"))
            }
            outcome = .failed(code)
        }
        self.init(
            type: record.type, name: record.name, scope: DependencyContainerScope(record.scope),
            registeredIn: record.registeredIn.map { DependencyContainerScope($0) },
            lifecycle: record.lifecycle.flatMap(LifecycleType.init(rawValue:)), injectedBy: record.injectedBy,
            instanceType: record.instanceType, outcome: outcome, requestedBy: record.requestedBy,
            session: record.session)
    }
}
