import Foundation

/// What the command line asked for.
struct Options: Equatable {
    /// Files and directories to lint; empty means the current directory.
    var paths: [String] = []
    /// How many files are linted at a time.
    var jobs: Int = Options.defaultJobs
    /// `--fix`: align matrices in place.
    var fix = false
    /// `--diff`: print what `--fix` would change.
    var diff = false
    /// `--show-files`: list the files a run would lint, lint nothing.
    var showFiles = false
    /// `--unsafe-fixes` on the command line.
    var unsafeFixes: Bool { fileOptions.contains(.unsafeFixes) }
    /// `--stdin-filename PATH`: the name standard input (`-`) is linted and fixed as.
    var stdinFilename: String?
    /// `--reporter KIND`: how diagnostics are printed.
    var reporter: ReporterKind = .text
    /// `--config PATH`: one configuration file for every file, instead of the nearest `.tablint`.
    var configPath: String?
    /// `--no-config`: no configuration file at all.
    var noConfig = false
    /// `--print-config`: print the configuration that applies to each path, lint nothing.
    var printConfig = false
    /// `--force-exclude`: apply include/exclude globs to paths named explicitly too (as
    /// pre-commit passes them).
    var forceExclude = false
    /// `--quiet`: print errors only (no warnings, no notes' parents that are warnings, no summary).
    var quiet = false
    /// `--strict`: warnings fail the run too (exit status 1).
    var strict = false
    /// `--exit-zero`: exit 0 even when errors were reported (usage and I/O failures still give 2).
    var exitZero = false
    /// `--statistics`: after the diagnostics, how many there are of each code.
    var statistics = false
    /// `--no-color`: never colour the text report (it is coloured only on a terminal anyway).
    var noColor = false
    /// The per-file settings given on the command line (`--disable`, `--dispatcher`, …), in
    /// order; applied after the configuration file's, so the command line wins.
    var fileOptions: [FileOption] = []
    var showHelp = false
    var showVersion = false

    /// The `--dispatcher` names given on the command line.
    var extraDispatcherFunctions: Set<String> {
        Set(fileOptions.compactMap { if case .dispatcher(let name) = $0 { return name } else { return nil } })
    }

    init() {}

    /// Whether the text report is coloured: on a terminal, unless `--no-color` or `NO_COLOR`.
    /// Set by the command (it knows whether standard output is a terminal); tests leave it off.
    var color = false
    /// The command that applies the fixes, as the summary names it: `tablint --fix`, or the
    /// integration's (`TABLINT_FIX_COMMAND`, set by the SwiftPM plugins). From the environment
    /// `Tablint.run` is given.
    var fixCommand = TextReporter.defaultFixCommand

    /// One job per core.
    static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// A setting that applies per file: allowed on the command line and in a `.tablint` file.
enum FileOption: Equatable {
    /// `--include GLOB`: only files matching one of these globs are linted when a folder is walked.
    case include(String)
    /// `--exclude GLOB`: files matching it are skipped when a folder is walked.
    case exclude(String)
    /// `--enable CODE`: undoes an earlier `--disable`.
    case enable(String)
    /// `--disable CODE`.
    case disable(String)
    /// `--severity CODE=LEVEL`.
    case severity(String, Severity)
    /// `--align-swift`.
    case alignSwift
    /// `--dispatcher NAME`.
    case dispatcher(String)
    /// `--unsafe-fixes`.
    case unsafeFixes
    /// `--formatter NAME`: `swift-format` or `swiftformat`.
    case formatter(SourceFormatter)
    /// `--pin NAME`.
    case pin(String)
}

/// A command line tablint cannot act on, as the option parsers find it; the front end turns it
/// into a `CommandFailure` (exit status 2) with the line that says where its usage is.
struct UsageError: Error, Equatable {
    var message: String

    init(_ message: String) { self.message = message }
}

/// One option: its spellings, its value if it takes one, its help line, and what it sets.
/// Adding a flag is adding an entry to `OptionParser.options`.
struct OptionSpec {
    /// Every spelling, long first: `["--jobs", "-j"]`.
    var names: [String]
    /// The value's placeholder in help (`N`), or `nil` for a flag that takes no value.
    var valueName: String?
    var help: String
    /// Applies the option; `value` is `nil` exactly when `valueName` is.
    var apply: (inout Options, String?) throws -> Void

    init(
        _ names: [String], value valueName: String? = nil, help: String,
        apply: @escaping (inout Options, String?) throws -> Void
    ) {
        self.names = names
        self.valueName = valueName
        self.help = help
        self.apply = apply
    }
}

/// `tablint [options] [path ...]`: options and paths may be mixed; `--` ends the options, and a
/// lone `-` is a path. Values are given as `--jobs 4` or `--jobs=4`.
enum OptionParser {
    static let options: [OptionSpec] = [
        OptionSpec(["--jobs", "-j"], value: "N",
                   help: "Lint N files at a time (default: one per core).") { options, value in
            guard let value, let jobs = Int(value), jobs > 0 else {
                throw UsageError("--jobs expects a positive whole number, got '\(value ?? "")'")
            }
            options.jobs = jobs
        },
        OptionSpec(["--fix"], help: "Apply the safe fixes in place (aligning matrices, inserting the format-ignore line), then report what is left.") { options, _ in
            options.fix = true
        },
        OptionSpec(["--diff"], help: "Print a unified diff of exactly what --fix would write; exit 1 if it would change anything.") { options, _ in
            options.diff = true
        },
        OptionSpec(["--show-files"], help: "List the files a run would lint (after every include and exclude), one per line, and lint nothing.") { options, _ in
            options.showFiles = true
        },
        OptionSpec(["--stdin-filename"], value: "PATH",
                   help: "The name of the file read from standard input (the path '-'); with --fix, the fixed text goes to standard output.") { options, value in
            guard let value, !value.isEmpty else { throw UsageError("--stdin-filename expects a file name") }
            options.stdinFilename = value
        },
        OptionSpec(["--reporter"], value: "KIND",
                   help: "Print diagnostics as text (default), json, github, sarif or checkstyle.") { options, value in
            guard let value, let kind = ReporterKind(rawValue: value) else {
                throw UsageError("--reporter expects one of \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")), got '\(value ?? "")'")
            }
            options.reporter = kind
        },
        OptionSpec(["--quiet", "-q"], help: "Print errors only, and no summary.") { options, _ in
            options.quiet = true
        },
        OptionSpec(["--strict"], help: "Exit 1 when a warning was reported, too.") { options, _ in
            options.strict = true
        },
        OptionSpec(["--exit-zero"], help: "Exit 0 even when errors were reported (2 still means tablint could not run).") { options, _ in
            options.exitZero = true
        },
        OptionSpec(["--statistics"], help: "After the diagnostics, print how many there are of each code.") { options, _ in
            options.statistics = true
        },
        OptionSpec(["--no-color"], help: "Never colour the output (it is coloured only on a terminal, and never when NO_COLOR is set).") { options, _ in
            options.noColor = true
        },
        OptionSpec(["--config"], value: "PATH",
                   help: "Use this configuration file for every file, instead of the nearest .tablint.") { options, value in
            guard let value, !value.isEmpty else { throw UsageError("--config expects a file name") }
            options.configPath = value
        },
        OptionSpec(["--no-config"], help: "Use no configuration file.") { options, _ in
            options.noConfig = true
        },
        OptionSpec(["--print-config"], help: "Print the configuration that applies to each path given, and lint nothing.") { options, _ in
            options.printConfig = true
        },
        OptionSpec(["--force-exclude"], help: "Apply --include/--exclude to files named explicitly too (for pre-commit).") { options, _ in
            options.forceExclude = true
        },
    ] + fileOptionSpecs + [
        OptionSpec(["--help", "-h"], help: "Show this help and exit.") { options, _ in
            options.showHelp = true
        },
        OptionSpec(["--version"], help: "Print the version (\(Tablint.version)) and exit.") { options, _ in
            options.showVersion = true
        },
    ]

    /// The options a `.tablint` file may hold too: they apply per file.
    static let fileOptionSpecs: [OptionSpec] = [
        OptionSpec(["--include"], value: "GLOB",
                   help: "Lint only files matching GLOB when walking folders (repeatable; relative to the .tablint file's folder, or the current one).") { options, value in
            options.fileOptions.append(.include(try glob(value, "--include")))
        },
        OptionSpec(["--exclude"], value: "GLOB",
                   help: "Skip files matching GLOB when walking folders (repeatable).") { options, value in
            options.fileOptions.append(.exclude(try glob(value, "--exclude")))
        },
        OptionSpec(["--disable"], value: "CODE",
                   help: "Turn a rule off (repeatable; with or without its namespace).") { options, value in
            options.fileOptions.append(.disable(try ruleCode(value, "--disable")))
        },
        OptionSpec(["--enable"], value: "CODE",
                   help: "Turn a rule back on (repeatable).") { options, value in
            options.fileOptions.append(.enable(try ruleCode(value, "--enable")))
        },
        OptionSpec(["--severity"], value: "CODE=LEVEL",
                   help: "Report a rule as error, warning or note (repeatable).") { options, value in
            let value = value ?? ""
            guard let equals = value.firstIndex(of: "=") else {
                throw UsageError("--severity expects CODE=LEVEL, e.g. ignore-heavy=error, got '\(value)'")
            }
            let code = try ruleCode(String(value[..<equals]), "--severity")
            let level = String(value[value.index(after: equals)...])
            guard let severity = Severity(rawValue: level) else {
                throw UsageError("--severity expects error, warning or note after '=', got '\(level)'")
            }
            options.fileOptions.append(.severity(code, severity))
        },
        OptionSpec(["--align-swift"],
                   help: "Also check and fix the alignment of Table/@Row matrices in ordinary .swift files (not only *.tb.swift).") { options, _ in
            options.fileOptions.append(.alignSwift)
        },
        OptionSpec(["--dispatcher"], value: "NAME",
                   help: "Also treat the switches of functions named NAME as dispatchers (repeatable), e.g. shouldTransition.") { options, value in
            guard let value, !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw UsageError("--dispatcher expects a function name such as shouldTransition, got '\(value ?? "")'")
            }
            options.fileOptions.append(.dispatcher(value))
        },
        OptionSpec(["--unsafe-fixes"],
                   help: "With --fix or --diff, apply unsafe fixes too (they change code; review them); alone, count them as applicable in the report.") { options, _ in
            options.fileOptions.append(.unsafeFixes)
        },
        OptionSpec(["--formatter"], value: "NAME",
                   help: "A formatter that runs over these files, swift-format or swiftformat (repeatable; replaces detecting SwiftFormat by a .swiftformat file).") { options, value in
            guard let value, let formatter = SourceFormatter(rawValue: value) else {
                throw UsageError("--formatter expects swift-format or swiftformat, got '\(value ?? "")'")
            }
            options.fileOptions.append(.formatter(formatter))
        },
        OptionSpec(["--pin"], value: "NAME",
                   help: "Also compare string literals bound to NAME with their matrix, as FIXTURE is (repeatable), e.g. DRIFTED.") { options, value in
            guard let value, !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw UsageError("--pin expects a binding name such as FIXTURE, got '\(value ?? "")'")
            }
            options.fileOptions.append(.pin(value))
        },
    ]

    private static func glob(_ value: String?, _ option: String) throws -> String {
        guard let value, !value.isEmpty else { throw UsageError("\(option) expects a glob such as 'Generated/**'") }
        return value
    }

    /// The full code of the rule named `value`, with or without its namespace.
    private static func ruleCode(_ value: String?, _ option: String) throws -> String {
        let value = value ?? ""
        guard let rule = RuleRegistry.rule(named: value) else {
            // The nearest code, as `tablint explain` suggests it.
            let hint = Tablint.suggestion(for: value).map { "did you mean '\($0)'?" } ?? "'tablint rules' lists them"
            throw UsageError("\(option): unknown rule '\(value)'; \(hint)")
        }
        return rule.code
    }

    /// The option spelled `name`, if any.
    static func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// `arguments` excludes the program name. `allowed` restricts the options (a `.tablint`
    /// file allows only `fileOptionSpecs`); `allowsPaths` whether a non-option may appear.
    static func parse(_ arguments: [String], allowed: [OptionSpec]? = nil, allowsPaths: Bool = true) throws -> Options {
        var result = Options()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                guard allowsPaths else { throw UsageError("expected an option such as --disable CODE, got '\(argument)'") }
                result.paths.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = (allowed ?? options).first(where: { $0.names.contains(name) }) else {
                if allowed != nil, self.option(named: name) != nil {
                    throw UsageError("'\(name)' applies to a whole run and belongs on the command line, not in a configuration file")
                }
                throw UsageError("unknown option '\(name)'")
            }
            if let valueName = option.valueName {
                if let inlineValue {
                    try option.apply(&result, inlineValue)
                } else if index < arguments.count {
                    try option.apply(&result, arguments[index])
                    index += 1
                } else {
                    throw UsageError("\(name) needs a value: \(name) \(valueName)")
                }
            } else {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                try option.apply(&result, nil)
            }
        }
        return result
    }

    /// The text `--help` prints; the options section is generated from `options`.
    static var helpText: String {
        let spellings = options.map { option -> String in
            let long = option.names.filter { $0.hasPrefix("--") }
            let short = option.names.filter { !$0.hasPrefix("--") }
            var text = (short.map { $0 + ", " }.joined()).padding(toLength: 4, withPad: " ", startingAt: 0)
                + long.joined(separator: ", ")
            if let value = option.valueName { text += " \(value)" }
            return text
        }
        let width = (spellings.map(\.count).max() ?? 0) + 2
        var lines = [
            "OVERVIEW: Lint the state-machine matrices of a tabular-center project: Table(...) literals, @Machine enums and .tbl fixtures.",
            "",
            "USAGE: tablint [options] [path ...]",
            "       tablint rules [--reporter json]    list every rule",
            "       tablint explain CODE               print a rule's document",
            "       tablint export [--format F] [path ...]  draw the matrices (grid, mermaid, dot, ...)",
            "       tablint diff [OLD NEW | --git REV]  what changed in behaviour, cell by cell",
            "       tablint lsp [options]              the language server, over standard input and output",
            "",
            "Directories are walked for *.swift and *.tbl files, skipping .build, .git, .swiftpm,",
            "DerivedData, Pods, Carthage, hidden files and folders, and symlinked folders. A path",
            "named explicitly is always linted (unless --force-exclude and a glob excludes it).",
            "With no path, the current directory is linted.",
            "The path '-' is standard input, named by --stdin-filename.",
            "",
            "--fix aligns the columns of Table(...) rows and @Row lines in *.tb.swift files, and the",
            "rows and header values of .tbl fixtures (files, or text in Swift \"\"\" literals). It changes",
            "only spaces, proves it by re-tokenizing its output, writes atomically, and leaves a file",
            "it cannot read with confidence untouched (tablint::unformattable).",
            "",
            "Each file is configured by the nearest .tablint file in its folder or above: the",
            "per-file options below (--include, --exclude, --disable, --enable, --severity,",
            "--align-swift, --dispatcher, --formatter, --pin), one per line, '#' comments. The command line wins.",
            "",
            "OPTIONS:",
        ]
        for (option, spelling) in zip(options, spellings) {
            lines.append("  " + spelling.padding(toLength: width, withPad: " ", startingAt: 0) + option.help)
        }
        lines.append("  " + "--".padding(toLength: width, withPad: " ", startingAt: 0) + "Treat every later argument as a path.")
        lines += [
            "",
            "EXIT STATUS:",
            "  0  no error was reported (warnings do not count unless --strict; always 0 with --exit-zero)",
            "  1  at least one error was reported; with --diff, a file would change or cannot be formatted",
            "  2  usage error, a bad configuration file, a path that does not exist or cannot be read or",
            "     written, or an internal error",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
