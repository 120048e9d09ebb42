#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(RootCommand.main(Array(CommandLine.arguments.dropFirst()), commands: RootCommand.commands))
