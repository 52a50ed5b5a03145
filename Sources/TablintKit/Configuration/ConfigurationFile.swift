/// A `.tablint` file: the per-file flags of the command line, one per line.
///
///     # tablint configuration for this folder and below
///     --exclude Generated/**
///     --disable ignore-heavy
///     --severity dead-column=error
///     --dispatcher shouldTransition
///     --align-swift
///
/// Blank lines and `#` comments (a line starting with `#`, or ` #` after an option) are
/// ignored; `--name value` and `--name=value` are both accepted. Only the options that apply
/// per file (`OptionParser.fileOptionSpecs`) are allowed: an unknown option, a run-wide one
/// such as `--jobs`, a missing value or an unknown rule is an error naming the file and line.
struct ConfigurationFile: Equatable {
    /// The file's path, as it is shown in messages.
    var path: String
    /// The absolute, normalised folder the file is in: its globs are relative to it.
    var directory: String
    /// The options, in file order.
    var options: [FileOption]

    init(path: String, directory: String, options: [FileOption]) {
        self.path = path
        self.directory = directory
        self.options = options
    }

    /// A line of a configuration file tablint cannot act on.
    struct Problem: Error, Equatable {
        var path: String
        var line: Int
        var column: Int
        var message: String

        /// Compiler style, so an editor jumps to the line: `path:line:column: error: message`.
        var rendered: String { "\(path):\(line):\(column): error: \(message)" }
    }

    /// Parses `bytes` as the configuration file at `path` in folder `directory`.
    static func parse(_ bytes: [UInt8], path: String, directory: String) -> Result<ConfigurationFile, Problem> {
        guard var text = String(validatingUTF8Bytes: bytes) else {
            return .failure(Problem(path: path, line: 1, column: 1, message: "the configuration file is not UTF-8 text"))
        }
        // A byte order mark, as Windows editors write one, is not part of the first option.
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        var options: [FileOption] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift: LF, CRLF and CR alone all end a line.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            let words = words(of: line)
            guard let first = words.first else { continue }
            let column = line.utf8.distance(from: line.utf8.startIndex, to: first.startIndex) + 1
            let arguments = words.map(String.init)
            let parsed: Options
            do {
                parsed = try OptionParser.parse(arguments, allowed: OptionParser.fileOptionSpecs, allowsPaths: false)
            } catch let error as UsageError {
                return .failure(Problem(path: path, line: lineNumber, column: column, message: error.message))
            } catch {
                return .failure(Problem(path: path, line: lineNumber, column: column, message: "\(error)"))
            }
            if parsed.fileOptions.count > 1 {
                return .failure(Problem(
                    path: path, line: lineNumber, column: column,
                    message: "one option per line, found \(parsed.fileOptions.count): \(arguments.joined(separator: " "))"))
            }
            options += parsed.fileOptions
        }
        return .success(ConfigurationFile(path: path, directory: directory, options: options))
    }

    /// The words of a line up to a comment: split on blanks; `#` at the start of a word
    /// starts a comment.
    private static func words(of line: Substring) -> [Substring] {
        var words: [Substring] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if word.hasPrefix("#") { break }
            words.append(word)
        }
        return words
    }
}

extension String {
    /// The text of `bytes` if they are valid UTF-8; nil otherwise (no repair).
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
