import PackagePlugin

/// `swift package tablint [--target NAME]… [tablint options] [path…]`: lints the package's
/// targets (or the paths given) and writes nothing, so it asks for no permission.
/// Fixing is the separate verb `tablint-fix`, which declares the write permission: SwiftPM's
/// permissions are per plugin, not per run, and a lint should never ask to write.
@main
struct TablintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--fix") {
            let rest = arguments.filter { $0 != "--fix" }
            let command = (["swift", "package", "--allow-writing-to-package-directory", "tablint-fix"] + rest)
                .joined(separator: " ")
            throw TablintPluginError("""
                `swift package tablint` only lints; it has no permission to write. To align the matrices in place, run:
                    \(command)
                """)
        }
        try TablintInvocation.finish(TablintInvocation.run(context: context, arguments: arguments, prefix: []))
    }
}
