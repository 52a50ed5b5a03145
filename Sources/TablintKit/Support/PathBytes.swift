import Foundation
/// File names are bytes, and tablint's paths are `String`s. A name that is not UTF-8 (Linux
/// allows any bytes but `/` and NUL) is kept whole: each byte that is not part of valid UTF-8 is
/// held as the private-use scalar U+10FF00 + byte (in plane 16, which real names do not use),
/// and turned back into its byte wherever the path meets the system or the terminal. So such a
/// file is read, and its path printed as its bytes in the text report; the machine-readable
/// reports, which must be valid text, escape those bytes instead (`escapedText`).
public enum PathBytes {
    private static let base: UInt32 = 0x10FF00

    /// The path for these bytes: their UTF-8 text, with every byte that is not valid UTF-8
    /// held as U+10FF00 + byte.
    public static func string(_ bytes: [UInt8]) -> String {
        let whole = String(decoding: bytes, as: UTF8.self)
        if whole.utf8.elementsEqual(bytes) { return whole }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                result.append(scalar)
                index += length
            } else {
                result.append(Unicode.Scalar(base + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(result)
    }

    /// The valid UTF-8 scalar starting at `index`, and its length.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0, index + length <= bytes.count else { return nil }
        let slice = bytes[index..<(index + length)]
        let decoded = String(decoding: slice, as: UTF8.self)
        guard decoded.utf8.elementsEqual(slice), let scalar = decoded.unicodeScalars.first else { return nil }
        return (scalar, length)
    }

    /// The byte a scalar holds, if it is one of the bytes `string` could not decode.
    static func heldByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF ? UInt8(scalar.value - base) : nil
    }

    /// The bytes of a path (or of any text holding one): UTF-8, with the held bytes as themselves.
    static func bytes(_ text: String) -> [UInt8] {
        // A held byte is a scalar of plane 16, whose UTF-8 starts with 0xF4: text without one
        // (nearly every report) is its UTF-8 as it is, without a scalar-by-scalar copy.
        if !text.utf8.contains(0xF4) { return Array(text.utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = heldByte(scalar) { result.append(byte) } else { result.append(contentsOf: String(scalar).utf8) }
        }
        return result
    }

    /// Calls `body` with the path as the C string the system expects.
    static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard path.unicodeScalars.contains(where: { heldByte($0) != nil }) else { return try path.withCString(body) }
        return try cString(path).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path as the NUL-terminated bytes the system expects, for calls that take several
    /// paths or keep one (`rename`, `mkstemp`'s template).
    static func cString(_ path: String) -> [CChar] {
        bytes(path).map { CChar(bitPattern: $0) } + [0]
    }

    /// The path for a C string the system gave back (`realpath`, a filled `mkstemp` template).
    static func string(cString: UnsafePointer<CChar>) -> String {
        string(Array(UnsafeBufferPointer(start: cString, count: strlen(cString))).map { UInt8(bitPattern: $0) })
    }

    /// Text for a report that must stay valid text: a held byte as `\xFF`.
    static func escapedText(_ scalar: Unicode.Scalar) -> String? {
        guard let byte = heldByte(scalar) else { return nil }
        let hex = String(byte, radix: 16, uppercase: true)
        return "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
