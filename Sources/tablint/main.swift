import Foundation
import TablintKit

var output = StandardStream.output
var errors = StandardStream.error
// The arguments as their bytes: a path that is not UTF-8 is kept, not repaired (`PathBytes`).
let arguments = (1..<Int(CommandLine.argc)).compactMap { index -> String? in
    guard let argument = CommandLine.unsafeArgv[index] else { return nil }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument))
    return PathBytes.string(Array(bytes))
}
let status = Tablint.run(
    arguments: arguments, stdout: &output, stderr: &errors,
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
exit(status)
