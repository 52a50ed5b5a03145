import PackagePlugin

/// `swift package --allow-writing-to-package-directory tablint-fix [--target NAME]… [args]`:
/// `tablint --fix` over the package's targets (or the paths given). It declares
/// `.writeToPackageDirectory`, so SwiftPM asks (or needs the flag) before it runs.
@main
struct TablintFixCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let prefix = arguments.prefix { $0 != "--" }.contains("--fix") ? [] : ["--fix"]
        try TablintInvocation.finish(TablintInvocation.run(context: context, arguments: arguments, prefix: prefix))
    }
}
