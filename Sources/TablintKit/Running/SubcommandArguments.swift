/// The arguments of a subcommand that reads files (`export`, `paths`, `scaffold`, `migrate`),
/// scanned one way for all of them: paths, `--` before paths that start with `-`, `-h`/`--help`,
/// and options as `--name value` or `--name=value`. What an option means is the subcommand's.
///
/// Standard input (`-`) is refused: these commands read files (and their neighbours), not a
/// buffer.
struct SubcommandArguments {
    /// One argument as scanned.
    enum Item: Equatable {
        case path(String)
        case help
        /// An option; `inline` is the text after `=` in `--name=value`.
        case option(name: String, inline: String?)
    }

    /// The subcommand's name, for the messages (`export`).
    let command: String
    private let arguments: [String]
    private var index = 0
    private var onlyPaths = false

    init(_ command: String, _ arguments: [String]) {
        self.command = command
        self.arguments = arguments
    }

    /// The next argument, nil after the last.
    mutating func next() throws -> Item? {
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-" && !onlyPaths {
                throw UsageError("tablint \(command) reads files, not standard input ('-'); name the file (or write `--` before a path named '-')")
            }
            if onlyPaths || !argument.hasPrefix("-") { return .path(argument) }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            if argument == "-h" || argument == "--help" { return .help }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                return .option(name: String(argument[..<equals]), inline: String(argument[argument.index(after: equals)...]))
            }
            return .option(name: argument, inline: nil)
        }
        return nil
    }

    /// The value of the option just scanned: its inline text, else the next argument.
    mutating func value(of name: String, inline: String?) throws -> String {
        if let inline { return inline }
        guard index < arguments.count else { throw UsageError("\(name) needs a value") }
        index += 1
        return arguments[index - 1]
    }

    /// A flag takes no value: `--dynamic=yes` is refused rather than read as `--dynamic`.
    func flag(_ name: String, inline: String?) throws {
        if inline != nil { throw UsageError("\(name) takes no value") }
    }

    /// The refusal of an option the subcommand does not have.
    func unknown(_ name: String, inline: String?) -> UsageError {
        UsageError("unknown option '\(inline.map { "\(name)=\($0)" } ?? name)' for 'tablint \(command)'")
    }

    /// Scans `arguments` with `handle` taking each option (its name, and a way to its value);
    /// nil for `--help`. The one loop every file-reading subcommand parses with.
    static func scan(
        _ command: String, _ arguments: [String],
        path: (String) -> Void,
        option: (_ name: String, _ inline: String?, _ scanner: inout SubcommandArguments) throws -> Void
    ) -> Result<Void?, UsageError> {
        var scanner = SubcommandArguments(command, arguments)
        do {
            while let item = try scanner.next() {
                switch item {
                case .path(let text): path(text)
                case .help: return .success(nil)
                case .option(let name, let inline): try option(name, inline, &scanner)
                }
            }
        } catch let error as UsageError {
            return .failure(error)
        } catch {
            return .failure(UsageError("\(error)"))
        }
        return .success(())
    }
}
