import Foundation

/// What the command line asked for.
public struct Options: Equatable {
    /// Files and directories to lint; empty means the current directory.
    public var paths: [String] = []
    /// How many files are linted at a time.
    public var jobs: Int = Options.defaultJobs
    /// `--fix`: align matrices in place.
    public var fix = false
    /// `--diff`: print what `--fix` would change.
    public var diff = false
    /// `--stdin-filename PATH`: the name standard input (`-`) is linted and fixed as.
    public var stdinFilename: String?
    /// `--dispatcher NAME` (repeatable): more functions whose switches are dispatchers.
    public var extraDispatcherFunctions: Set<String> = []
    public var showHelp = false
    public var showVersion = false

    public init() {}

    /// One job per core.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// A command line tablint cannot act on: printed as `tablint: error: <message>`, exit status 2.
public struct UsageError: Error, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

/// One option: its spellings, its value if it takes one, its help line, and what it sets.
/// Adding a flag is adding an entry to `OptionParser.options`.
public struct OptionSpec {
    /// Every spelling, long first: `["--jobs", "-j"]`.
    public var names: [String]
    /// The value's placeholder in help (`N`), or `nil` for a flag that takes no value.
    public var valueName: String?
    public var help: String
    /// Applies the option; `value` is `nil` exactly when `valueName` is.
    public var apply: (inout Options, String?) throws -> Void

    public init(
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
public enum OptionParser {
    public static let options: [OptionSpec] = [
        OptionSpec(["--jobs", "-j"], value: "N",
                   help: "Lint N files at a time (default: one per core).") { options, value in
            guard let value, let jobs = Int(value), jobs > 0 else {
                throw UsageError("--jobs expects a positive whole number, got '\(value ?? "")'")
            }
            options.jobs = jobs
        },
        OptionSpec(["--fix"], help: "Align the matrices' columns in place (whitespace only), then report what is left.") { options, _ in
            options.fix = true
        },
        OptionSpec(["--diff"], help: "Print a unified diff of what --fix would change; exit 1 if it would change anything.") { options, _ in
            options.diff = true
        },
        OptionSpec(["--stdin-filename"], value: "PATH",
                   help: "The name of the file read from standard input (the path '-'); with --fix, the fixed text goes to standard output.") { options, value in
            guard let value, !value.isEmpty else { throw UsageError("--stdin-filename expects a file name") }
            options.stdinFilename = value
        },
        OptionSpec(["--dispatcher"], value: "NAME",
                   help: "Also treat the switches of functions named NAME as dispatchers (repeatable), e.g. shouldTransition.") { options, value in
            guard let value, !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw UsageError("--dispatcher expects a function name such as shouldTransition, got '\(value ?? "")'")
            }
            options.extraDispatcherFunctions.insert(value)
        },
        OptionSpec(["--help", "-h"], help: "Show this help and exit.") { options, _ in
            options.showHelp = true
        },
        OptionSpec(["--version"], help: "Print the version (\(Tablint.version)) and exit.") { options, _ in
            options.showVersion = true
        },
    ]

    /// The option spelled `name`, if any.
    public static func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// `arguments` excludes the program name.
    public static func parse(_ arguments: [String]) throws -> Options {
        var result = Options()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
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
            guard let option = option(named: name) else {
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
    public static var helpText: String {
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
            "",
            "Directories are walked for *.swift and *.tbl files, skipping .build, .git, .swiftpm,",
            "DerivedData, Pods, Carthage, hidden files and folders, and symlinked folders. A path",
            "named explicitly is always linted. With no path, the current directory is linted.",
            "The path '-' is standard input, named by --stdin-filename.",
            "",
            "--fix aligns the columns of Table(...) rows and @Row lines in *.tb.swift files, and the",
            "rows and header values of .tbl fixtures (files, or text in Swift \"\"\" literals). It changes",
            "only spaces, proves it by re-tokenizing its output, writes atomically, and leaves a file",
            "it cannot read with confidence untouched (tablint::unformattable).",
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
            "  0  no error was reported (warnings do not count)",
            "  1  at least one error was reported; with --diff, a file would change or cannot be formatted",
            "  2  usage error, a path that does not exist or cannot be read or written, or an internal error",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
