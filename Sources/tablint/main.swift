import Foundation
import TablintKit

var output = StandardStream.output
var errors = StandardStream.error
let status = Tablint.run(
    arguments: Array(CommandLine.arguments.dropFirst()), stdout: &output, stderr: &errors,
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
exit(status)
