import Foundation
import PackagePlugin

/// Lints a target's Swift files and `.tbl` pins with tablint (built from source) when the target
/// is built and one of them changed. Diagnostics appear in the build output; an error fails the
/// build. A build command sees only its target's files, so what lives elsewhere (pins under
/// `Tests/`, a dispatcher in another target) is not compared: one line says so, and
/// `swift package tablint` checks the whole package.
///
/// SwiftPM (tools-version < 6.0) never runs a build command that declares no output file, and
/// copies an output it cannot compile as a resource, failing if it is missing. tablint writes
/// no file, so this plugin writes the declared output itself, a Swift file holding only a
/// comment, when it plans the build: the command then runs on the first build and whenever one
/// of the files, a `.tablint` that applies to one (or tablint) changed or the last run
/// failed, and is skipped otherwise.
///
/// The files are named one by one, so tablint gets `--force-exclude`: a file its `.tablint`
/// excludes is skipped here as it is by `tablint Sources` and `swift package tablint`.
@main
struct TablintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // Every Swift file (a dispatcher in an ordinary `.swift` file is compared with its
        // matrix) and every pin the target holds, as `tablint Sources/Target` reads them.
        let files = target.sourceFiles.map(\.path)
            .filter { $0.string.hasSuffix(".swift") || $0.string.hasSuffix(".tbl") }
            .sorted { $0.string < $1.string }
        guard !files.isEmpty else { return [] }
        let tablint = try context.tool(named: "tablint")
        let output = context.pluginWorkDirectory.appending("TablintBuildTool-\(target.name).swift")
        try writeIfChanged(
            "// Written by tablint's build-tool plugin as the declared output of its lint command\n"
                + "// for the target \(target.name); tablint itself writes no file. Nothing to compile.\n",
            to: output.string)
        return [
            .buildCommand(
                // The one line a build shows for the command also says what it cannot see.
                displayName: "tablint \(target.name) (\(files.count) file\(files.count == 1 ? "" : "s"); "
                    + "pins and files outside the target are not compared: `swift package tablint` checks the whole package)",
                executable: tablint.path,
                arguments: ["--force-exclude", "--"] + files.map(\.string),
                environment: ["TABLINT_FIX_COMMAND": "swift package --allow-writing-to-package-directory tablint-fix"],
                inputFiles: files + configurationFiles(for: files),
                outputFiles: [output]
            ),
        ]
    }

    /// The `.tablint` that applies to each of `files` (the nearest in its folder or above, as
    /// tablint looks it up), once each, so that editing one re-runs the command.
    private func configurationFiles(for files: [Path]) -> [Path] {
        var found: [Path] = []
        var searched: Set<String> = []
        for file in files {
            var folder = file.removingLastComponent()
            while searched.insert(folder.string).inserted {
                let candidate = folder.appending(".tablint")
                if FileManager.default.fileExists(atPath: candidate.string) {
                    found.append(candidate)
                    break
                }
                let parent = folder.removingLastComponent()
                if parent.string == folder.string || parent.string.isEmpty { break }
                folder = parent
            }
        }
        return found
    }

    /// Leaves the file untouched when it already holds `text`, so its timestamp does not make
    /// the build run the command (and recompile the target) again.
    private func writeIfChanged(_ text: String, to path: String) throws {
        let data = Data(text.utf8)
        if FileManager.default.contents(atPath: path) == data { return }
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
