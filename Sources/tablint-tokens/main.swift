// Development aid: prints tablint's tokens for each file, one per line, in the format of
// ../shared/tools/tokens-oracle (`kind <TAB> start <TAB> end <TAB> "text"`), so the two can be
// diffed. `--trivia` includes trivia pieces. Not installed with tablint.
import TablintKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
let withTrivia = arguments.first == "--trivia"
if withTrivia { arguments.removeFirst() }

func readFile(_ path: String) -> [UInt8]? {
    guard let handle = fopen(path, "rb") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let read = fread(&chunk, 1, chunk.count, handle)
        if read <= 0 { break }
        bytes.append(contentsOf: chunk[0..<read])
    }
    return bytes
}

func quoted(_ bytes: ArraySlice<UInt8>) -> String {
    var out = "\""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

var status: Int32 = 0
for path in arguments {
    guard let bytes = readFile(path) else {
        fputs("tablint-tokens: cannot read \(path)\n", stderr)
        status = 1
        continue
    }
    var output = ""
    for token in Tokenizer.tokenize(bytes) where withTrivia || !token.isTrivia {
        let flag = token.isUnterminated ? "!" : ""
        output += "\(token.kind)\(flag)\t\(token.start)\t\(token.end)\t\(quoted(bytes[token.range]))\n"
    }
    print(output, terminator: "")
}
exit(status)
