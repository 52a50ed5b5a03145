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
    ],
    targets: [
        .target(name: "TablintKit"),
        .executableTarget(name: "tablint", dependencies: ["TablintKit"]),
        // Prints tokens in the format of shared/tools/tokens-oracle, for diffing the two.
        .executableTarget(name: "tablint-tokens", dependencies: ["TablintKit"]),
        // Times tablint against its performance targets: `swift run -c release tablint-bench`.
        .executableTarget(name: "tablint-bench", dependencies: ["TablintKit"]),
        .testTarget(name: "TablintKitTests", dependencies: ["TablintKit"]),
    ]
)
