/// `tablint paths [--format text|json|swift] [--machine NAME] [PATH …]`: for every machine of
/// the run, the shortest action sequence to each reachable state and a transition tour. The
/// command-line side; the graph is `Workspace.machineGraphs()`, the paths `MachinePaths`, the
/// output `PathsFormat`.
extension Tablint {
    enum PathsOutput: String, CaseIterable { case text, json, swift }

    struct PathsOptions {
        var format: PathsOutput = .text
        var machines: [String] = []
        var paths: [String] = []
    }

    static let pathsUsage = """
        USAGE: tablint paths [--format text|json|swift] [--machine NAME] [PATH ...]

        For every machine read from the paths (the current directory if none): the shortest
        action sequence from `initial` to each reachable state, and a few sequences that
        together fire every cell that is not IGNORE or UNREACHABLE in every reachable state
        (each outcome a HANDLE implementation returns counts once). A HANDLE cell is passed only
        along an outcome read from its implementation. Cells no sequence can fire, and cells
        whose outcome could not be read, are listed.

        OPTIONS:
          --format F      text (the default), json, or swift (@Path attributes for an @Machine
                          enum; an XCTest or Swift Testing test for a Table machine)
          --machine NAME  Only the machines named NAME (repeatable); 'pin NAME' its pins only
          -h, --help      Print this help

        Exit status: 0 paths printed; 2 a usage error, a path that cannot be read, or no machine.

        """

    static func parsePaths(_ arguments: [String]) -> Result<PathsOptions?, UsageError> {
        var options = PathsOptions()
        let scanned = SubcommandArguments.scan("paths", arguments, path: { options.paths.append($0) }) { name, inline, scanner in
            switch name {
            case "--format":
                let text = try scanner.value(of: name, inline: inline)
                guard let format = PathsOutput(rawValue: text) else {
                    throw UsageError("--format: unknown format '\(text)'; expected one of \(PathsOutput.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.format = format
            case "--machine": options.machines.append(try scanner.value(of: name, inline: inline))
            default: throw scanner.unknown(name, inline: inline)
            }
        }
        return scanned.map { $0.map { options } }
    }

    static func runPaths<Output: TextOutputStream, Errors: TextOutputStream>(
        _ arguments: [String], stdout: inout Output, stderr: inout Errors,
        read: @escaping FileIO.FileReader = FileIO.readFile
    ) throws -> Int32 {
        let options: PathsOptions
        switch parsePaths(arguments) {
        case .failure(let error):
            throw CommandFailure(error, hint: "Run 'tablint paths --help' for usage.")
        case .success(nil):
            stdout.write(pathsUsage)
            return ExitStatus.clean.rawValue
        case .success(let parsed?):
            options = parsed
        }

        // Walked and configured as `tablint` lints: `.tablint` include and exclude globs and
        // each file's settings (a configured dispatcher name) apply.
        let (walk, selection) = try subcommandFiles(options.paths)
        var trouble = !walk.failures.isEmpty
        for failure in walk.failures { writeError(failure.message, to: &stderr) }

        var workspace = Workspace()
        let failures = workspace.update(paths: selection.files, settings: selection.settings, read: read)
        for failure in failures { writeError(failure.message, to: &stderr) }
        trouble = trouble || !failures.isEmpty

        let named = Set(walk.namedFiles).union(options.paths)
        let everything = workspace.machineGraphs()
        let graphs = selectGraphs(everything, options.machines, named: named)
        let place = options.paths.isEmpty ? "." : options.paths.joined(separator: " ")
        for wanted in options.machines where !graphs.contains(where: { graphMatches($0, wanted) }) {
            writeError("no machine named '\(wanted)' in \(place)\(everything.isEmpty ? "; no machine was found there" : "; found:" + graphList(everything))", to: &stderr)
            trouble = true
        }
        if trouble { return ExitStatus.failure.rawValue }
        if graphs.isEmpty {
            throw CommandFailure("no machine in \(place)")
        }

        let machines = pathsMachines(graphs, summaries: workspace.summaries)
        switch options.format {
        case .text: stdout.write(PathsFormat.text(machines))
        case .json: stdout.write(PathsFormat.json(machines))
        case .swift:
            let framework = importsTesting(selection.files, read: read) ? PathsFormat.TestFramework.swiftTesting : .xctest
            stdout.write(PathsFormat.swift(machines, framework: framework))
        }
        return ExitStatus.clean.rawValue
    }

    /// Each graph with what the test and the `@Path`s are written with: the types of the
    /// machine's `step` dispatcher, and the states whose case carries a payload (as the run's
    /// state enum declares them; none known when it is not found).
    static func pathsMachines(_ graphs: [MachineGraph], summaries: [FileSummary]) -> [PathsFormat.Machine] {
        let enums = EnumIndex(summaries)
        return graphs.map { graph -> PathsFormat.Machine in
            let dispatcher = summaries.lazy.flatMap(\.dispatchers).first { $0.kind == .step && $0.machine == graph.machine }
            // A bare `S` is the machine's nested enum, named from outside in the test.
            func qualified(_ type: String?) -> String? {
                guard let type, !type.contains("."), type == "S" || type == "A", let owner = dispatcher?.owner else { return type }
                return owner + "." + type
            }
            let stateType = qualified(dispatcher?.subjects.first { $0.role == .state }?.type)
            var payloads: [Int: [EnumDeclaration.PayloadField]] = [:]
            // An `@Machine` enum's states are its own `S`; a `Table`'s, the dispatcher's state type.
            let written = graph.surface == .machineEnum ? graph.machine + ".S" : stateType ?? PathsFormat.identifier(graph.machine) + ".S"
            if case .found(let declaration) = enums.resolve(written, enclosing: []) {
                for (index, state) in graph.states.enumerated() {
                    let key = NameCasing.lowerFirst(state)
                    if let found = declaration.cases.first(where: { NameCasing.lowerFirst($0.name) == key }), found.hasPayload {
                        payloads[index] = found.payloadFields
                    }
                }
            }
            return PathsFormat.Machine(
                graph: graph, stateType: stateType,
                actionType: qualified(dispatcher?.subjects.first { $0.role == .action }?.type),
                payloads: payloads)
        }
    }

    /// `--machine NAME` selects the machines named NAME, `--machine 'pin NAME'` their pins. A
    /// pin repeats a machine: it is shown when its file is named, or asked for, and not beside
    /// its source unless asked for as a pin.
    static func selectGraphs(_ graphs: [MachineGraph], _ wanted: [String], named: Set<String>) -> [MachineGraph] {
        let asked = graphs.filter { graph in
            guard graph.surface != .fixture || named.contains(graph.path) || !wanted.isEmpty else { return false }
            return wanted.isEmpty || wanted.contains { graphMatches(graph, $0) }
        }
        return asked.filter { graph in
            guard graph.surface == .fixture, !wanted.contains("pin " + graph.machine) else { return true }
            return !asked.contains { $0.surface != .fixture && $0.machine == graph.machine }
        }
    }

    static func graphMatches(_ graph: MachineGraph, _ wanted: String) -> Bool {
        graph.machine == wanted || (graph.surface == .fixture && "pin " + graph.machine == wanted)
    }

    static func graphList(_ graphs: [MachineGraph]) -> String {
        graphs.map { graph in
            "\n  \(graph.machine) (\(graph.surface == .fixture ? "pin, " : "")\(graph.path):\(graph.stateOrigins.first?.start.line ?? 1))"
        }.joined()
    }

    /// Whether the run's Swift files use Swift Testing (`import Testing`) and not XCTest: the
    /// test `--format swift` writes follows what the target already imports.
    static func importsTesting(_ files: [String], read: FileIO.FileReader) -> Bool {
        var testing = false
        for path in files where path.hasSuffix(".swift") {
            guard case .success(let bytes) = read(path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix("import XCTest") { return false }
                if trimmed.hasPrefix("import Testing") { testing = true }
            }
        }
        return testing
    }
}
