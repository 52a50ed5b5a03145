import Foundation
import XCTest
@testable import TablintKit

/// `FileIO.readFile`: every byte of a regular file (read at the size `fstat` gives), files
/// without a size read to their end, and failures reported with their `errno`.
final class ReadFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-readfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func testRegularFilesOfManySizesAreReadWhole() throws {
        var random = SplitMix64(seed: 0x5EAD)
        for size in [0, 1, 2, 4095, 4096, 4097, 65_535, 65_536, 65_537, 1_000_003] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            let path = try write(bytes, "file-\(size).swift")
            XCTAssertEqual(try FileIO.readFile(path).get(), bytes, "\(size) bytes")
        }
    }

    func testAFileWithoutASizeIsReadToItsEnd() throws {
        // `/proc` files report a size of 0 but have contents; `/dev/null` is a device.
        if FileManager.default.fileExists(atPath: "/proc/self/status") {
            let status = try FileIO.readFile("/proc/self/status").get()
            XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("Name:"), "read \(status.count) bytes")
        }
        XCTAssertEqual(try FileIO.readFile("/dev/null").get(), [])
    }

    func testFailuresCarryTheirErrno() throws {
        XCTAssertEqual(FileIO.readFile(folder.appendingPathComponent("missing.swift").path), .failure(SystemError(code: ENOENT)))
        XCTAssertEqual(FileIO.readFile(folder.path), .failure(SystemError(code: EISDIR)))
    }
}
