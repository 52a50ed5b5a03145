/// `tablint rules` and `tablint explain CODE`. Placeholder.
extension Tablint {
    /// The words that name a subcommand when they are the first argument.
    static let subcommands: Set<String> = ["rules", "explain"]

    static func runSubcommand<Output: TextOutputStream, Errors: TextOutputStream>(
        _ arguments: [String], stdout: inout Output, stderr: inout Errors
    ) -> Int32 {
        stderr.write("tablint: error: '\(arguments[0])' is not available yet\n")
        return ExitStatus.failure.rawValue
    }
}
