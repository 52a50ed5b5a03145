// Shared by the two command plugins (`TablintFixCommand/TablintInvocation.swift` is a
// symlink to this file): a plugin target cannot depend on a library, only on tools.
import Foundation
import PackagePlugin

/// How a command plugin turns `swift package tablint[-fix] [--target NAME] [args]` into one
/// tablint run in the package directory.
enum TablintInvocation {
    /// tablint's options that take a value (`--jobs 4`), so the value is not taken for a path.
    /// `PluginArgumentsTests` checks this list against tablint's own option table.
    static let optionsTakingValue: Set<String> = [
        "--jobs", "-j", "--stdin-filename", "--reporter", "--config", "--include", "--exclude",
        "--disable", "--enable", "--severity", "--dispatcher", "--formatter", "--pin",
    ]

    /// Whether `arguments` (tablint's, in its syntax) name at least one path.
    static func namesPath(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return index < arguments.count }
            if argument == "-" || !argument.hasPrefix("-") { return true }
            if optionsTakingValue.contains(argument) { index += 1 }
        }
        return false
    }

    /// The command the fix summary names inside SwiftPM (tablint reads `TABLINT_FIX_COMMAND`).
    static let fixCommand = "swift package --allow-writing-to-package-directory tablint-fix"

    /// Runs tablint with `arguments` in the package directory. With no path and no `--target`,
    /// tablint gets no path either, so it sees what `tablint` run at the package root sees
    /// (pins under `Tests/`, dispatchers in any target, files outside targets). With
    /// `--target NAME` it gets those targets' folders, and one line says what that leaves out.
    /// Paths are relative to the package directory, so diagnostics print as
    /// `Sources/Target/File.tb.swift:3:5: error: …`. Returns tablint's exit status.
    static func run(context: PluginContext, arguments: [String], prefix: [String]) throws -> Int32 {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments
        let package = context.package

        var paths: [String] = []
        if !targetNames.isEmpty && !namesPath(passed) {
            let root = package.directory.string
            for target in try package.targets(named: targetNames) where target is SourceModuleTarget {
                let directory = target.directory.string
                if directory == root {
                    paths.append(".")
                } else if directory.hasPrefix(root + "/") {
                    paths.append(String(directory.dropFirst(root.count + 1)))
                } else {
                    paths.append(directory)
                }
            }
            if paths.isEmpty {
                Diagnostics.warning("tablint: the targets \(targetNames.joined(separator: ", ")) have no sources to lint")
                return 0
            }
            paths.sort()
            FileHandle.standardError.write(Data((
                "tablint: checked only the folders of \(targetNames.joined(separator: ", ")); matrices, dispatchers and pins "
                    + "outside them (other targets, Tests/) were not compared with them; "
                    + "`swift package tablint` without --target checks the whole package\n").utf8))
        }

        let tablint = try context.tool(named: "tablint")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tablint.path.string)
        process.currentDirectoryURL = URL(fileURLWithPath: package.directory.string)
        var environment = ProcessInfo.processInfo.environment
        environment["TABLINT_FIX_COMMAND"] = fixCommand
        process.environment = environment
        // Paths go after `--`, so a directory whose name starts with `-` is still a path.
        process.arguments = prefix + passed + (paths.isEmpty ? [] : ["--"] + paths)
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the plugin with tablint's status: 0 returns normally; otherwise one line explains it
    /// and the error makes `swift package` exit non-zero.
    static func finish(_ status: Int32) throws {
        switch status {
        case 0: return
        case 1: throw TablintPluginError("tablint reported errors")
        default: throw TablintPluginError("tablint exited with status \(status)")
        }
    }
}

struct TablintPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
