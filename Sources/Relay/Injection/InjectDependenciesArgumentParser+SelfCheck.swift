import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension InjectDependenciesArgumentParser {
    /// Checks the program's wiring without running a factory or registering anything: the declared
    /// graph of the parser's root and its scopes (``DependencyContainer/check()``), every type key
    /// against what the program registers, every typed factory key against the types the index
    /// names, and `instructions` (with those of the environment) against the index and the
    /// registrations, as injecting them would.
    ///
    /// A program runs it when started with `--check-dependencies` (see ``DependencySelfCheck``); a
    /// test can call it in process:
    ///
    /// ```swift
    /// let report = InjectDependenciesArgumentParser(container: container).selfCheck()
    /// #expect(report.passed, "\(report)")
    /// ```
    ///
    /// - Parameter instructions: Instructions to check as well; none by default.
    /// - Returns: What was found.
    public func selfCheck(instructions: [DependencyInjectionInstruction] = []) -> DependencySelfCheck {
        var problems: [DependencySelfCheck.Problem] = []
        do {
            let fromEnvironment =
                readsEnvironment
                ? try InstructionSource.instructions(inEnvironment: environment ?? ProcessInfo.processInfo.environment)
                : []
            let merge = try InstructionMerge(environment: fromEnvironment, given: instructions)
            // Checked as injecting them would, stubs the test answers included; nothing is registered.
            _ = try DynamicDependencyRegistry.checked(
                merge.instructions, index: index, container: container, allowedTypes: allowedTypes,
                allowsUnregisteredTypes: allowsUnregisteredTypes, answering: answering ?? NoAnswersDuringCheck())
        } catch let error as DependencyInjectionInstructionError {
            problems.append(.init(area: "instruction", code: error.code.description, message: error.description))
        } catch let error as DynamicDependencyIndexError {
            problems.append(.init(area: "instruction", code: error.code.description, message: error.description))
        } catch {
            problems.append(.init(area: "instruction", code: "other", message: "\(error)"))
        }
        let graph: DependencyCheck
        do {
            graph = try container.root.check()
        } catch {
            graph = error.check
            problems += error.problems.map {
                .init(area: "graph", code: $0.code.description, message: $0.description)
            }
        }
        let summary = index.summary
        problems += indexProblems(summary)
        return DependencySelfCheck(
            index: summary, problems: problems, checkedRegistrations: graph.checkedRegistrations,
            checkedDependencies: graph.checkedDependencies, unchecked: graph.unchecked.map(\.description))
    }

    /// Type keys an instruction could never use (nothing registers their type, where that is
    /// required) and typed factories no type key could pair with.
    private func indexProblems(_ summary: DependencyIndexSummary) -> [DependencySelfCheck.Problem] {
        var problems: [DependencySelfCheck.Problem] = []
        if !allowsUnregisteredTypes {
            let containers = container.root.containersInFamily
            let types = index.entries { types, _ in types }
            for (key, type) in types.sorted(by: { $0.key < $1.key })
            where allowedTypes?.contains(key) ?? true {
                let registrationKey = RegistrationKey(type, name: nil)
                let registered = containers.contains {
                    $0.table.withRead { $0.registration(for: registrationKey) } != nil
                }
                if !registered {
                    problems.append(
                        .init(
                            area: "index", code: DynamicDependencyIndexError.Code.nothingToReplace.description,
                            message: "Type key '\(key.tag)' names '\(type)', which the program registers nowhere "
                                + "(without a name): an instruction for it would replace nothing.\n"
                                + "  fix: register '\(type)', or drop the key from the type index"))
                }
            }
        }
        let named = Set(summary.types.values.map(\.qualifiedName))
        for (key, factory) in summary.factories.sorted(by: { $0.key < $1.key }) {
            guard let produced = factory.produces, !named.contains(produced.qualifiedName) else { continue }
            problems.append(
                .init(
                    area: "index", code: DynamicDependencyIndexError.Code.typeMismatch.description,
                    message: "Factory key '\(key)' produces '\(produced)', which no type key names: "
                        + "no instruction can use it.\n"
                        + "  fix: add a type key for '\(produced)' to the type index, or drop the factory"))
        }
        return problems
    }

    /// Where the program was asked to check itself: by ``DependencySelfCheck/flag`` among
    /// `arguments` (print the report), or by a launcher's ``DependencySelfCheck/environmentVariable``
    /// (write it as JSON to the file it names); `nil` when it was not, or the test hooks are shut.
    func selfCheckRequest(arguments: [String]?) -> SelfCheckRequest? {
        guard testHooks.areOpen else { return nil }
        if let path = (environment ?? ProcessInfo.processInfo.environment)[DependencySelfCheck.environmentVariable],
            !path.isEmpty
        {
            return .file(path)
        }
        if let arguments, arguments.prefix(while: { $0 != "--" }).contains(DependencySelfCheck.flag) {
            return .print
        }
        return nil
    }

    /// How the report leaves the program.
    enum SelfCheckRequest {
        /// To standard output, as text.
        case print
        /// To a file, as JSON.
        case file(String)
    }

    /// Checks the program, reports as asked, and ends the process: status 0 when nothing is wrong,
    /// 1 otherwise, 2 when the report could not be written.
    func checkAndExit(_ request: SelfCheckRequest, instructions: [DependencyInjectionInstruction]) -> Never {
        let report = selfCheck(instructions: instructions)
        var status: Int32 = report.passed ? 0 : 1
        switch request {
        case .print:
            FileHandle.standardOutput.write(Data((report.description + "\n").utf8))
        case .file(let path):
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                try encoder.encode(report).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                FileHandle.standardError.write(
                    Data("Relay: could not write the dependency check to \(path): \(error)\n".utf8))
                status = 2
            }
        }
        exit(status)
    }

    /// Checks the program and ends the process, printing the report: what `--check-dependencies`
    /// does, for a program that reads its own command line (swift-argument-parser's
    /// `DependencyInjectionOptions` calls it for its `--check-dependencies` flag). Exits with status
    /// 0 when nothing is wrong, 1 otherwise. A launcher's request (``DependencySelfCheck/environmentVariable``)
    /// wins, and is answered in its file.
    ///
    /// - Parameter instructions: Instructions to check as well.
    public func checkDependenciesAndExit(instructions: [DependencyInjectionInstruction] = []) -> Never {
        checkAndExit(selfCheckRequest(arguments: nil) ?? .print, instructions: instructions)
    }
}

/// Stands in for a test during a self-check, so that an instruction for a stub the test answers is
/// checked as it would be in a launched test; the check registers nothing, so nothing ever calls it.
private struct NoAnswersDuringCheck: StubCallAnswering {
    func answer(_ call: StubCall) async throws -> String {
        throw StubCallError(.unanswered, call: call, detail: "the program is only checking its wiring")
    }

    var timeLimit: Duration { .zero }
}
