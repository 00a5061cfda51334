// The C library, for the command's files, terminal, signals and processes: imported here once for every file of
// the command (`@_exported`), so that no other file repeats which platform has which. The library targets use none.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
