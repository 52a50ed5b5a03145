/// Why tablint could not run: a command line it cannot act on, a path that does not exist, a
/// configuration file it cannot use, an output it cannot write. Every front end (the lint run,
/// `rules`, `explain`, `export`, `diff`, `lsp`) throws one; `Tablint.run` prints it, once, and
/// exits with its status. This file is the only one that spells the `error:` prefix tablint
/// prints its own errors with (`CommandFailureTests` checks it).
struct CommandFailure: Error, Equatable {
    /// Each printed as one error line, in order (two missing paths are two lines).
    var messages: [String]
    var status: Tablint.ExitStatus
    /// The line after the messages that says where to look (`Run 'tablint --help' for usage.`).
    var hint: String?
    /// Printed before the messages as it is: the lines that say what was wrong, read as
    /// diagnostics (`path:line:column: error: …`), each ending in a newline.
    var preface: String
    /// Standard input, given back on standard output after the messages: `--fix -` that cannot
    /// run still hands an editor filter its text.
    var handedBack: [UInt8]?

    init(_ message: String, status: Tablint.ExitStatus = .failure, hint: String? = nil) {
        self.init(messages: [message], status: status, hint: hint)
    }

    init(messages: [String], status: Tablint.ExitStatus = .failure, hint: String? = nil, preface: String = "") {
        self.messages = messages
        self.status = status
        self.hint = hint
        self.preface = preface
    }

    /// A command line tablint cannot act on, with where to read its usage.
    init(_ usage: UsageError, hint: String) {
        self.init(usage.message, hint: hint)
    }

    /// `message` as tablint prints an error of its own, without the newline. Also for the
    /// problems a run reports among its results (a file among others that cannot be read),
    /// which are not failures of the command.
    static func line(_ message: String) -> String { "tablint: error: " + message }

    /// The failure's text: the preface, the error lines, the hint.
    var printed: String {
        preface + messages.map { Self.line($0) + "\n" }.joined() + (hint.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" } ?? "")
    }

    /// The one place a failure is printed (`tablint diff --git-driver` prints its own on
    /// standard output, where git shows it in the diff).
    func print<Output: TextOutputStream, Errors: TextOutputStream>(stdout: inout Output, stderr: inout Errors) {
        stderr.write(printed)
        if let handedBack { Tablint.handBack(handedBack, to: &stdout, stderr: &stderr) }
    }
}

extension Tablint {
    /// Writes a problem a run reports among its results (not a failure of the command) as an
    /// error line.
    static func writeError<Errors: TextOutputStream>(_ message: String, to stderr: inout Errors) {
        stderr.write(CommandFailure.line(message) + "\n")
    }
}
