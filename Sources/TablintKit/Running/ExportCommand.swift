import Foundation

/// `tablint export [--format F] [--machine NAME] [--output DIR] [PATH…]`: every matrix read
/// from source, in one of the library's `Export` formats (byte for byte) or as Markdown or
/// JSON. The filesystem side; what is exported and how is `ExportReading` and the exporters.
extension Tablint {
    enum ExportFormat: String, CaseIterable {
        case grid, mermaid, dot, coverage, markdown, json

        /// The extension of the file `--output` writes.
        var fileExtension: String {
            switch self {
            case .grid: return "grid"
            case .mermaid: return "mmd"
            case .dot: return "dot"
            case .coverage: return "coverage"
            case .markdown: return "md"
            case .json: return "json"
            }
        }

        /// Formats of which standard output holds one machine only.
        var isSingleMachine: Bool { self == .mermaid || self == .dot || self == .json }
    }

    struct ExportOptions {
        var format: ExportFormat = .grid
        var machines: [String] = []
        var output: String?
        var paths: [String] = []
        /// `--dynamic`: draw each `HANDLE` cell as what its implementations return (dot and
        /// mermaid only).
        var dynamic = false
    }

    static let exportUsage = """
        USAGE: tablint export [--format grid|mermaid|dot|coverage|markdown|json] [--dynamic] [--machine NAME] [--output DIR] [PATH ...]

        Export every matrix read from the paths (the current directory if none): `Table` literals
        and `@Machine` enums; pins (`.tbl` files, fixture strings) when their file is named or
        with --machine. grid, mermaid, dot and coverage are what the library's Export returns.

        OPTIONS:
          --format F      grid (the default), mermaid, dot, coverage, markdown or json
          --dynamic       With dot or mermaid: draw each HANDLE cell as the states its
                          implementations in the paths return (dashed), and what tablint
                          cannot read as an edge to a `?` node
          --machine NAME  Export only the machines named NAME (repeatable); 'pin NAME' its pins only
          --output DIR    Write one file per machine, DIR/<Machine>.<grid|mmd|dot|coverage|md|json>
          -h, --help      Print this help

        Exit status: 0 exported; 1 a matrix could not be exported (its diagnostics are printed);
        2 a usage error, a path that cannot be read, or an output that cannot be written.

        """

    static func parseExport(_ arguments: [String]) -> Result<ExportOptions?, UsageError> {
        var options = ExportOptions()
        let scanned = SubcommandArguments.scan("export", arguments, path: { options.paths.append($0) }) { name, inline, scanner in
            switch name {
            case "--dynamic":
                try scanner.flag(name, inline: inline)
                options.dynamic = true
            case "--format":
                let text = try scanner.value(of: name, inline: inline)
                guard let format = ExportFormat(rawValue: text) else {
                    throw UsageError("--format: unknown format '\(text)'; expected one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.format = format
            case "--machine": options.machines.append(try scanner.value(of: name, inline: inline))
            case "--output": options.output = try scanner.value(of: name, inline: inline)
            default: throw scanner.unknown(name, inline: inline)
            }
        }
        switch scanned {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success: break
        }
        if options.dynamic, let refusal = dynamicRefusal(options.format) { return .failure(UsageError(refusal)) }
        return .success(options)
    }

    /// Why `--dynamic` does not go with `format`; nil for dot and mermaid, the diagrams.
    static func dynamicRefusal(_ format: ExportFormat) -> String? {
        switch format {
        case .dot, .mermaid: return nil
        case .coverage:
            return "--dynamic does not apply to --format coverage: the coverage report is the library's, byte for byte, and counts cells instead of drawing edges; --dynamic goes with --format dot or mermaid"
        case .grid:
            return "--dynamic draws a diagram: give --format dot or --format mermaid with it (the default format, grid, is the matrix as text)"
        case .markdown, .json:
            return "--dynamic applies to --format dot and mermaid only, not \(format.rawValue)"
        }
    }

    static func runExport<Output: TextOutputStream, Errors: TextOutputStream>(
        _ arguments: [String], stdout: inout Output, stderr: inout Errors,
        read: FileIO.FileReader = FileIO.readFile
    ) throws -> Int32 {
        let options: ExportOptions
        switch parseExport(arguments) {
        case .failure(let error):
            throw CommandFailure(error, hint: "Run 'tablint export --help' for usage.")
        case .success(nil):
            stdout.write(exportUsage)
            return ExitStatus.clean.rawValue
        case .success(let parsed?):
            options = parsed
        }

        // A folder is walked as `tablint` walks it: the `.tablint` include and exclude globs
        // apply to the files found in it (generated code, test fixtures).
        let (walk, selection) = try subcommandFiles(options.paths)
        let files = selection.files
        var trouble = !walk.failures.isEmpty
        for failure in walk.failures { writeError(failure.message, to: &stderr) }


        // Every matrix read, in order, with whether its file was named on the command line.
        var found: [(machine: ExportReading.Machine, named: Bool)] = []
        var refusedSomething = false
        var shown: [Diagnostic] = []
        // `--dynamic`: one workspace of every file of the run, asked for the matrices and for
        // the graphs (a HANDLE cell's implementation may be in any file); without it, each
        // file is read on its own, and only its matrices are kept.
        var workspace: Workspace? = options.dynamic ? Workspace() : nil
        var readable: [(path: String, reading: ExportReading.FileReading?)] = []
        for path in files {
            let bytes: [UInt8]
            switch read(path) {
            case .success(let read): bytes = read
            case .failure(let error):
                writeError(PathFailure(path: path, error: error).message, to: &stderr)
                trouble = true
                continue
            }
            if workspace != nil {
                workspace!.update([Engine.Document(path: path, bytes: bytes)], keeping: .context)
                readable.append((path, nil))
            } else {
                readable.append((path, ExportReading.read(SourceFile(path: path, bytes: bytes))))
            }
        }
        for (path, own) in readable {
            let reading = own ?? ExportReading.read(path, from: workspace!)
            // Named on the command line, even when a folder named beside it holds it too.
            let named = walk.namedFiles.contains(path) || options.paths.contains(path)
            found += reading.machines.map { ($0, named) }
            if !reading.unreadable.isEmpty, FileKind(path: path) != .fixture || named || !options.machines.isEmpty {
                refusedSomething = true
                shown += reading.unreadable
            }
        }

        let selected = selectMachines(found, options.machines)
        var exported: [ExportReading.Machine] = []
        var refusals: [ExportReading.Machine] = []
        for machine in selected.machines {
            shown += machine.diagnostics
            if machine.table == nil { refusals.append(machine) } else { exported.append(machine) }
        }
        refusedSomething = refusedSomething || !refusals.isEmpty
        stderr.write(TextReporter.render(shown.sortedForOutput()))
        for machine in refusals {
            let codes = machine.refusals.map(\.code).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            writeError("`\(machine.name)` (\(machine.isPin ? "pin, " : "")\(machine.path):\(machine.location.line)) is not exported: the library could not build it [\(codes.joined(separator: ", "))]", to: &stderr)
        }
        for (pin, source) in selected.repeatedPins {
            stderr.write("tablint: note: pin `\(pin.name)` (\(pin.path):\(pin.location.line)) is not exported: it repeats its source \(source.path):\(source.location.line); --machine 'pin \(pin.name)' exports the pin\n")
        }

        let everything = found.map(\.machine)
        for wanted in options.machines where !selected.machines.contains(where: { matches($0, wanted) }) {
            writeError("no machine named '\(wanted)' in \(options.paths.isEmpty ? "." : options.paths.joined(separator: " "))\(everything.isEmpty ? "; no matrix was found there" : "; found:" + machineList(everything))", to: &stderr)
            trouble = true
        }
        if exported.isEmpty && !refusedSomething && options.machines.isEmpty && !trouble {
            throw CommandFailure("no matrix to export in \(options.paths.isEmpty ? "." : options.paths.joined(separator: " "))")
        }
        // The implementations of a machine's HANDLE cells may be in any file of the run.
        let graphs = workspace?.machineGraphs()
        if options.format == .dot {
            for machine in exported {
                let problems = graphs.map { DotExport.problems(machine.table!, graph: graph(of: machine, in: $0)) } ?? DotExport.problems(machine.table!)
                for problem in problems {
                    stderr.write("\(machine.path):\(machine.location.line):\(machine.location.column): warning: \(problem); Graphviz will not read this DOT as written [tablint::export]\n")
                }
            }
        }
        if let graphs {
            // Why a `?` is drawn: each HANDLE cell whose outcome could not be read.
            for machine in exported {
                guard let graph = graph(of: machine, in: graphs) else { continue }
                for (state, row) in machine.table!.cells.enumerated() where state < graph.cells.count {
                    for (action, cell) in row.enumerated() where cell == .handle && action < graph.cells[state].count {
                        let read = graph.cells[state][action]
                        guard let reason = read.unknownReason else { continue }
                        stderr.write("\(machine.path):\(read.origin.start.line):\(read.origin.start.column): note: \(graph.cellLabel(state: state, action: action)): what its implementations return is unknown (\(reason)); --dynamic draws it to the ? node [tablint::export]\n")
                    }
                }
            }
        }
        if options.format == .mermaid {
            for machine in exported {
                let problems = graphs.map { MermaidExport.problems(machine.table!, graph: graph(of: machine, in: $0)) } ?? MermaidExport.problems(machine.table!)
                for problem in problems {
                    stderr.write("\(machine.path):\(machine.location.line):\(machine.location.column): warning: \(problem); Mermaid will not read this diagram as written [tablint::export]\n")
                }
            }
        }

        if let directory = options.output {
            // Nothing to write makes no folder either.
            if !exported.isEmpty { try writeOutputs(exported, options.format, graphs: graphs, to: directory) }
        } else if !exported.isEmpty {
            if options.format.isSingleMachine && exported.count > 1 {
                // --machine cannot tell apart two machines of one name; only their files can.
                let shared = Set(exported.map(\.name)).count < exported.count
                let hint = shared
                    ? "choose one with --machine NAME and the path of its file (machines that share a name are told apart by their files only)"
                    : "choose one with --machine NAME, or write them all with --output DIR"
                throw CommandFailure("--format \(options.format.rawValue) prints one machine, and \(exported.count) were found:\(machineList(exported)); \(hint)")
            }
            // grid and coverage blocks, and Markdown sections, are separated by a blank line.
            stdout.write(render(exported, options.format, graphs: graphs).joined(separator: "\n"))
        }
        if trouble { return ExitStatus.failure.rawValue }
        return refusedSomething ? ExitStatus.errorsReported.rawValue : ExitStatus.clean.rawValue
    }

    /// `--machine NAME` selects the machines named NAME; `--machine 'pin NAME'` only their pins.
    static func matches(_ machine: ExportReading.Machine, _ wanted: String) -> Bool {
        machine.name == wanted || (machine.isPin && "pin " + machine.name == wanted)
    }

    /// What is exported of the matrices read. A pin repeats a machine whose source is
    /// elsewhere, so it is exported only when its file is named or `--machine` is given; and
    /// not when that source is exported too (a `FIXTURE` string below its `Table`, a `.tbl`
    /// reached in a folder), unless `--machine 'pin NAME'` asks for it or its `.tbl` is named.
    static func selectMachines(
        _ found: [(machine: ExportReading.Machine, named: Bool)], _ wanted: [String]
    ) -> (machines: [ExportReading.Machine], repeatedPins: [(pin: ExportReading.Machine, source: ExportReading.Machine)]) {
        let asked = found.filter { candidate in
            let machine = candidate.machine
            guard !machine.isPin || candidate.named || !wanted.isEmpty else { return false }
            return wanted.isEmpty || wanted.contains { matches(machine, $0) }
        }
        var machines: [ExportReading.Machine] = []
        var repeatedPins: [(pin: ExportReading.Machine, source: ExportReading.Machine)] = []
        for candidate in asked {
            let machine = candidate.machine
            if machine.isPin, !wanted.contains("pin " + machine.name),
               !(candidate.named && machine.file.kind == .fixture),
               let source = asked.first(where: { !$0.machine.isPin && $0.machine.name == machine.name }) {
                repeatedPins.append((machine, source.machine))
                continue
            }
            machines.append(machine)
        }
        return (machines, repeatedPins)
    }

    /// The graph of an exported machine among the workspace's: the one of its file, name and
    /// surface (of several, the one whose cells are inside its matrix).
    static func graph(of machine: ExportReading.Machine, in graphs: [MachineGraph]) -> MachineGraph? {
        let candidates = graphs.filter { $0.path == machine.path && $0.machine == machine.name && $0.surface == machine.matrix.surface }
        guard candidates.count > 1 else { return candidates.first }
        return candidates.first { graph in
            let inside = graph.cells.first?.first?.origin ?? graph.stateOrigins.first
            return inside.map { machine.matrix.range.contains($0.range.lowerBound) } ?? false
        }
    }

    /// One text per machine, in the order found. `graphs`: the workspace's, for `--dynamic`.
    static func render(_ machines: [ExportReading.Machine], _ format: ExportFormat, graphs: [MachineGraph]? = nil) -> [String] {
        machines.map { machine in
            let table = machine.table!
            switch format {
            case .grid: return GridExport.render(table)
            case .mermaid:
                guard let graphs else { return MermaidExport.render(table) }
                return MermaidExport.renderDynamic(table, graph: graph(of: machine, in: graphs))
            case .dot:
                guard let graphs else { return DotExport.render(table) }
                return DotExport.renderDynamic(table, graph: graph(of: machine, in: graphs))
            case .coverage: return CoverageExport.render(table)
            case .json: return JSONExport.render(machine)
            case .markdown:
                return MarkdownExport.render([MarkdownExport.Source(
                    table: table, origin: "\(machine.path):\(machine.location.line)", isPin: machine.isPin)])
            }
        }
    }

    /// "\n  Timer (Sources/Timer.tb.swift:12)" per machine.
    static func machineList(_ machines: [ExportReading.Machine]) -> String {
        machines.map { "\n  \($0.name) (\($0.isPin ? "pin, " : "")\($0.path):\($0.location.line))" }.joined()
    }

    /// `--output DIR`: one file per machine. Nothing is written when a name cannot be a file
    /// name in `DIR` or two machines share one.
    static func writeOutputs(
        _ machines: [ExportReading.Machine], _ format: ExportFormat, graphs: [MachineGraph]? = nil, to directory: String
    ) throws {
        var byName: [String: ExportReading.Machine] = [:]
        var refusals: [String] = []
        for machine in machines {
            let name = machine.name
            if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") || name.hasPrefix(".") {
                refusals.append("cannot write `\(name)` (\(machine.path):\(machine.location.line)) to \(directory): a machine name must be a plain file name (no `/`, not starting with `.`), so that nothing is written outside the output folder")
            } else if let other = byName[name.lowercased()] {
                // `Timer.grid` and `timer.grid` are one file on macOS's and Windows' usual file systems.
                let what = other.name == name ? "two machines are named `\(name)`" : "`\(other.name)` and `\(name)` differ only in case"
                refusals.append("\(what): \(other.path):\(other.location.line) and \(machine.path):\(machine.location.line); both would be written to \(outputPath(directory, other.name, format)); export one with --machine and a path")
            } else {
                byName[name.lowercased()] = machine
            }
        }
        if !refusals.isEmpty { throw CommandFailure(messages: refusals) }
        if case .success(let status) = FileStatus.of(directory, followingSymlinks: true), !status.isDirectory {
            throw CommandFailure("--output \(directory): is a file, not a folder")
        }
        if let (folder, error) = makeFolders(directory) {
            let reason: String
            if error.code == ENOENT, let target = symbolicLinkTarget(folder) {
                // mkdir says only "File exists" for a link whose target is missing.
                reason = "\(folder) is a symbolic link to \(target), which does not exist; expected a folder (or a link to one)"
            } else if error.code == ELOOP {
                reason = "\(folder) is a symbolic link that leads back to itself; expected a folder (or a link to one)"
            } else {
                reason = error.code == ENOTDIR ? "\(folder) is a file, not a folder"
                    : folder == directory || folder + "/" == directory ? error.reason : "\(folder): \(error.reason)"
            }
            throw CommandFailure("cannot create \(directory): \(reason)")
        }
        for (machine, text) in zip(machines, render(machines, format, graphs: graphs)) {
            let path = outputPath(directory, machine.name, format)
            if let error = replaceFile(path, Array(text.utf8)) {
                throw CommandFailure("cannot write \(path): \(error.reason)")
            }
        }
    }

    /// `DIR/<Machine>.<extension>`.
    static func outputPath(_ directory: String, _ machine: String, _ format: ExportFormat) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + machine + "." + format.fileExtension
    }

    /// Where the symbolic link at `path` points, or nil when `path` is no link.
    static func symbolicLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `mkdir -p`: the first folder that could not be made and why, or nil.
    static func makeFolders(_ path: String) -> (String, SystemError)? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0 {
                let error = SystemError.current
                guard error.code == EEXIST else { return (prefix, error) }
                switch FileStatus.of(prefix, followingSymlinks: true) {
                // Something is there that cannot be followed: a link to nothing, or a loop.
                case .failure(let followed): return (prefix, followed)
                case .success(let status) where !status.isDirectory: return (prefix, SystemError(code: ENOTDIR))
                case .success: break
                }
            }
            prefix += "/"
        }
        return nil
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so a
    /// reader never sees half an export; the reason it failed, or nil.
    static func replaceFile(_ path: String, _ bytes: [UInt8]) -> SystemError? {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + ".\(name).tablint-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .current }
        let temporary = String(cString: template)
        func fail() -> SystemError {
            let error = SystemError.current
            close(descriptor)
            unlink(temporary)
            return error
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return fail()
            }
            written += count
        }
        // mkstemp makes the file 0600; an export is an ordinary file, read by others.
        let mask = umask(0)
        umask(mask)
        guard fchmod(descriptor, 0o666 & ~mask) == 0 else { return fail() }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = SystemError.current
            unlink(temporary)
            return error
        }
        return nil
    }
}
