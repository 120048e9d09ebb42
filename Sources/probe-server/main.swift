#if canImport(Glibc)
import Glibc
#endif

exit(RootCommand.main(Array(CommandLine.arguments.dropFirst()), commands: RootCommand.commands))
