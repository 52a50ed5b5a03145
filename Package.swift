// swift-tools-version: 5.9
// tablint: a linter and formatter for tabular-center state-machine matrices.
// No dependencies on purpose: only what the Swift toolchain ships.
import PackageDescription

let package = Package(
    name: "tablint",
    products: [
        .executable(name: "tablint", targets: ["tablint"]),
        .executable(name: "tablint-bench", targets: ["tablint-bench"]),
        .library(name: "TablintKit", targets: ["TablintKit"]),
        // SwiftPM plugins (see README, "SwiftPM plugins"): `swift package tablint`,
        // `swift package tablint-fix`, and tablint on `*.tb.swift` files at build time.
        .plugin(name: "TablintCommand", targets: ["TablintCommand"]),
        .plugin(name: "TablintFixCommand", targets: ["TablintFixCommand"]),
        .plugin(name: "TablintBuildTool", targets: ["TablintBuildTool"]),
    ],
    targets: [
        .target(name: "TablintKit"),
        .executableTarget(name: "tablint", dependencies: ["TablintKit"]),
        // Prints tokens in the format of shared/tools/tokens-oracle, for diffing the two.
        .executableTarget(name: "tablint-tokens", dependencies: ["TablintKit"]),
        // Times tablint against its performance targets: `swift run -c release tablint-bench`.
        .executableTarget(name: "tablint-bench", dependencies: ["TablintKit"]),
        .testTarget(name: "TablintKitTests", dependencies: ["TablintKit"]),
        .plugin(
            name: "TablintCommand",
            capability: .command(intent: .custom(
                verb: "tablint",
                description: "Lint the state-machine matrices of the package's targets (writes nothing)")),
            dependencies: ["tablint"]),
        .plugin(
            name: "TablintFixCommand",
            capability: .command(
                intent: .custom(
                    verb: "tablint-fix",
                    description: "Align the columns of the package's state-machine matrices in place (tablint --fix)"),
                permissions: [.writeToPackageDirectory(reason: "tablint --fix aligns the columns of matrices in the package's source files")]),
            dependencies: ["tablint"]),
        .plugin(name: "TablintBuildTool", capability: .buildTool(), dependencies: ["tablint"]),
    ]
)
