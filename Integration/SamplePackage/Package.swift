// swift-tools-version: 5.9
// A package that uses tablint's plugins, for Scripts/test-plugins.sh (which builds a copy of it
// against this checkout). Its matrices have mistakes on purpose: see Sources/Sample.
import PackageDescription

let package = Package(
    name: "SamplePackage",
    dependencies: [
        // This checkout. A real package would use
        // .package(url: "https://example.com/tablint.git", from: "0.1.0").
        .package(name: "tablint", path: "../.."),
    ],
    targets: [
        .target(
            name: "Sample",
            plugins: [.plugin(name: "TablintBuildTool", package: "tablint")]
        ),
    ]
)
