// libFuzzer harness for FleetAudit's parsers and evaluation (see Tests/Fuzz/run.sh).
//
// Built with -DFUZZING and -sanitize=fuzzer,address, libFuzzer provides main and calls
// LLVMFuzzerTestOneInput with inputs for the target named by FLEET_AUDIT_FUZZ_TARGET (csv, nhs-availability,
// princeofversions, turkcell-updater, osam). Built normally, it replays files: fleet-audit-fuzz TARGET FILE...
import FleetAuditFuzzTargets
import Foundation

#if FUZZING
    private let target = ProcessInfo.processInfo.environment["FLEET_AUDIT_FUZZ_TARGET"] ?? "csv"

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fleetAuditFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        FuzzTargets.run(target, Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point as `<target>_main`; here it hands control to libFuzzer.
    @_cdecl("fleet_audit_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var vector = argv
        return runDriver(&count, &vector) { data, size in fleetAuditFuzz(data, size) }
    }
#else
    @main
    struct FuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let target = arguments.first, FuzzTargets.names.contains(target) else {
                FileHandle.standardError.write(
                    Data(
                        "usage: fleet-audit-fuzz TARGET FILE...  (targets: \(FuzzTargets.names.joined(separator: ", ")))\n"
                            .utf8))
                exit(64)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                FuzzTargets.run(target, [UInt8](data))
            }
        }
    }
#endif
