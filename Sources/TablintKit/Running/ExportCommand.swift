import Foundation

/// `tablint export [--format F] [--machine NAME] [--output DIR] [PATH…]`: every matrix read
/// from source, in one of the library's `Export` formats (byte for byte) or as Markdown or
/// JSON. The filesystem side; what is exported and how is `ExportReading` and the exporters.
extension Tablint {
    public enum ExportFormat: String, CaseIterable {
        case grid, mermaid, dot, coverage, markdown, json

        /// The extension of the file `--output` writes.
        public var fileExtension: String {
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
    }

    static let exportUsage = """
        USAGE: tablint export [--format grid|mermaid|dot|coverage|markdown|json] [--machine NAME] [--output DIR] [PATH ...]

        Export every matrix read from the paths (the current directory if none): `Table` literals
        and `@Machine` enums; pins (`.tbl` files, fixture strings) when their file is named or
        with --machine. grid, mermaid, dot and coverage are what the library's Export returns.

        OPTIONS:
          --format F      grid (the default), mermaid, dot, coverage, markdown or json
          --machine NAME  Export only the machines named NAME (repeatable)
          --output DIR    Write one file per machine, DIR/<Machine>.<grid|mmd|dot|coverage|md|json>
          -h, --help      Print this help

        Exit status: 0 exported; 1 a matrix could not be exported (its diagnostics are printed);
        2 a usage error, a path that cannot be read, or an output that cannot be written.

        """

    static func parseExport(_ arguments: [String]) -> Result<ExportOptions?, UsageError> {
        var options = ExportOptions()
        var index = 0
        var onlyPaths = false
        func value(_ option: String) -> Result<String, UsageError> {
            guard index < arguments.count else { return .failure(UsageError("\(option) needs a value")) }
            index += 1
            return .success(arguments[index - 1])
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func take() -> Result<String, UsageError> { inline.map { .success($0) } ?? value(name) }
            switch name {
            case "--": onlyPaths = true
            case "-h", "--help": return .success(nil)
            case "--format":
                switch take() {
                case .failure(let error): return .failure(error)
                case .success(let text):
                    guard let format = ExportFormat(rawValue: text) else {
                        return .failure(UsageError("--format: unknown format '\(text)'; expected one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))"))
                    }
                    options.format = format
                }
            case "--machine":
                switch take() {
                case .failure(let error): return .failure(error)
                case .success(let text): options.machines.append(text)
                }
            case "--output":
                switch take() {
                case .failure(let error): return .failure(error)
                case .success(let text): options.output = text
                }
            default:
                return .failure(UsageError("unknown option '\(argument)' for 'tablint export'"))
            }
        }
        return .success(options)
    }

    static func runExport<Output: TextOutputStream, Errors: TextOutputStream>(
        _ arguments: [String], stdout: inout Output, stderr: inout Errors,
        read: Runner.FileReader = Runner.readFile
    ) -> Int32 {
        let options: ExportOptions
        switch parseExport(arguments) {
        case .failure(let error):
            stderr.write("tablint: error: \(error.message)\nRun 'tablint export --help' for usage.\n")
            return ExitStatus.failure.rawValue
        case .success(nil):
            stdout.write(exportUsage)
            return ExitStatus.clean.rawValue
        case .success(let parsed?):
            options = parsed
        }

        let walk = FileWalker().collect(options.paths)
        for path in walk.missing { stderr.write("tablint: error: no such file or directory: \(path)\n") }
        if !walk.missing.isEmpty { return ExitStatus.failure.rawValue }
        var trouble = !walk.failures.isEmpty
        for failure in walk.failures { stderr.write("tablint: error: \(failure.message)\n") }

        var exported: [ExportReading.Machine] = []
        var refusedSomething = false
        var shown: [Diagnostic] = []
        var refusedNames: [String] = []
        for path in walk.files {
            let bytes: [UInt8]
            switch read(path) {
            case .success(let read): bytes = read
            case .failure(let error):
                stderr.write("tablint: error: \(PathFailure(path: path, error: error).message)\n")
                trouble = true
                continue
            }
            let file = SourceFile(path: path, bytes: bytes)
            let reading = ExportReading.read(file)
            // Named on the command line, even when a folder named beside it holds it too.
            let named = walk.namedFiles.contains(path) || options.paths.contains(path)
            for machine in reading.machines {
                // A pin repeats a machine that has its source elsewhere: exported when asked for.
                guard !machine.isPin || named || !options.machines.isEmpty else { continue }
                guard options.machines.isEmpty || options.machines.contains(machine.name) else { continue }
                if machine.table == nil {
                    refusedSomething = true
                    refusedNames.append(machine.name)
                    shown += machine.diagnostics
                } else {
                    exported.append(machine)
                    shown += machine.diagnostics
                }
            }
            if !reading.unreadable.isEmpty, file.kind != .fixture || named || !options.machines.isEmpty {
                refusedSomething = true
                shown += reading.unreadable
            }
        }
        stderr.write(TextReporter.render(shown.sortedForOutput()))

        for wanted in options.machines where !exported.contains(where: { $0.name == wanted }) && !refusedNames.contains(wanted) {
            stderr.write("tablint: error: no machine named '\(wanted)' in \(options.paths.isEmpty ? "." : options.paths.joined(separator: " "))\(machineList(exported))\n")
            trouble = true
        }
        if exported.isEmpty && !refusedSomething && options.machines.isEmpty && !trouble {
            stderr.write("tablint: error: no matrix to export in \(options.paths.isEmpty ? "." : options.paths.joined(separator: " "))\n")
            return ExitStatus.failure.rawValue
        }
        if options.format == .dot {
            for machine in exported {
                for problem in DotExport.problems(machine.table!) {
                    stderr.write("\(machine.path):\(machine.location.line):\(machine.location.column): warning: \(problem); Graphviz will not read this DOT as written [tablint::export]\n")
                }
            }
        }

        if let directory = options.output {
            if !writeOutputs(exported, options.format, to: directory, stderr: &stderr) { return ExitStatus.failure.rawValue }
        } else if !exported.isEmpty {
            if options.format.isSingleMachine && exported.count > 1 {
                stderr.write("tablint: error: --format \(options.format.rawValue) prints one machine, and \(exported.count) were found:\(machineList(exported)); choose one with --machine NAME, or write them all with --output DIR\n")
                return ExitStatus.failure.rawValue
            }
            // grid and coverage blocks, and Markdown sections, are separated by a blank line.
            stdout.write(render(exported, options.format).joined(separator: "\n"))
        }
        if trouble { return ExitStatus.failure.rawValue }
        return refusedSomething ? ExitStatus.errorsReported.rawValue : ExitStatus.clean.rawValue
    }

    /// One text per machine, in the order found.
    static func render(_ machines: [ExportReading.Machine], _ format: ExportFormat) -> [String] {
        machines.map { machine in
            let table = machine.table!
            switch format {
            case .grid: return GridExport.render(table)
            case .mermaid: return MermaidExport.render(table)
            case .dot: return DotExport.render(table)
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
    static func writeOutputs<Errors: TextOutputStream>(
        _ machines: [ExportReading.Machine], _ format: ExportFormat, to directory: String, stderr: inout Errors
    ) -> Bool {
        var byName: [String: ExportReading.Machine] = [:]
        var refused = false
        for machine in machines {
            let name = machine.name
            if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") || name.hasPrefix(".") {
                stderr.write("tablint: error: cannot write `\(name)` (\(machine.path):\(machine.location.line)) to \(directory): a machine name must be a plain file name (no `/`, not starting with `.`), so that nothing is written outside the output folder\n")
                refused = true
            } else if let other = byName[name] {
                stderr.write("tablint: error: two machines are named `\(name)`: \(other.path):\(other.location.line) and \(machine.path):\(machine.location.line); both would be written to \(directory)/\(name).\(format.fileExtension); export one with --machine and a path\n")
                refused = true
            } else {
                byName[name] = machine
            }
        }
        if refused { return false }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            stderr.write("tablint: error: cannot create \(directory): \(error.localizedDescription)\n")
            return false
        }
        for (machine, text) in zip(machines, render(machines, format)) {
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + machine.name + "." + format.fileExtension
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                stderr.write("tablint: error: cannot write \(path): \(error.localizedDescription)\n")
                return false
            }
        }
        return true
    }
}
