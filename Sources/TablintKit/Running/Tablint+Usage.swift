/// Checks of the command line that need more than one option, and what `--print-config` is
/// given, kept apart from the run itself.
extension Tablint {
    /// Options that cannot be used together, as the message to print; nil when none conflict.
    static func conflictingOptions(_ options: Options) -> String? {
        if options.noConfig, options.configPath != nil {
            return "--no-config and --config cannot be used together: one says to use no configuration file, the other names one"
        }
        // Without `-`, `--stdin-filename` would be ignored and the files under the current
        // directory linted (and with `--fix`, rewritten): an editor filter would lose its text.
        if options.stdinFilename != nil && !options.paths.contains("-") {
            return "--stdin-filename names standard input, which is read only with the path '-'; nothing was read or written"
        }
        return nil
    }

    /// The path `--print-config` looks up for the path argument `given`: standard input (`-`)
    /// by the name `--stdin-filename` gives it, as its lint would, and any other path as it is,
    /// once it is known to exist.
    static func configurationPath(of given: String, _ options: Options) throws -> String {
        if given == "-" {
            guard let name = options.stdinFilename else {
                throw CommandFailure("standard input (-) needs --stdin-filename PATH to find its configuration")
            }
            return name
        }
        guard case .success = FileStatus.of(given, followingSymlinks: true) else {
            throw CommandFailure("no such file or directory: \(given)")
        }
        return given
    }
}
