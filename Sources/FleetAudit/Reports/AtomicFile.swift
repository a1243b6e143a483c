import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file through a temporary file in the same folder and a rename, so an interrupted run never
/// leaves a partial report at the target path.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        // `--json /dev/null`, a named pipe, a terminal: not a file to replace. A rename over it would put a
        // regular file where the device or pipe was (as root, /dev/null itself), so those are written in place.
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            return try writeInPlace(text, to: path)
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        removeStaleTemporaries(of: url)
        let temp = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        var reason = ""
        // FileHandle writes it all (retrying short and interrupted writes) and throws on a failure.
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            ok = false
            reason = (error as NSError).localizedDescription
        }
        if ok && fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        close(fd)
        guard ok else {
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
        guard rename(temp, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temp)
            throw WriteError(path: path, reason: why)
        }
    }

    private static func writeInPlace(_ text: String, to path: String) throws(WriteError) {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        do {
            try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
        } catch {
            throw WriteError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Removes temporary files a killed run left beside `url` (`.NAME.tmp-PID-…` whose process is gone), so
    /// kill -9 in cron does not leave junk piling up in the reports folder.
    static func removeStaleTemporaries(of url: URL) {
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + ".tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}
