// swift-tools-version: 5.9
// A package that uses tablint's plugins, for Scripts/test-plugins.sh (which builds a copy of it
// against this checkout). Its matrices have mistakes on purpose: see Sources/Sample.
import PackageDescription

let package = Package(
    name: "SamplePackage",
    dependencies: [
        // tablint as a path dependency, whose identity (the `package:` below) is the folder's
        // name: Scripts/test-plugins.sh copies this package next to a link named `tablint` to
        // the checkout. A package that gets tablint from a repository writes
        // .package(url: "https://example.com/tablint.git", from: "0.1.0") instead.
        .package(path: "../tablint"),
    ],
    targets: [
        .target(
            name: "Sample",
            plugins: [.plugin(name: "TablintBuildTool", package: "tablint")]
        ),
    ]
)
