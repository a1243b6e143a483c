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
        package let path: String
        package let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        try prepare(text, to: path).commit()
    }

    /// A file written to its temporary name, not yet renamed over its target: a set of reports is prepared
    /// whole, then committed (renames only), so a full disk leaves no set half new.
    package struct Pending {
        let temp: String?
        package let path: String

        /// Renames the temporary file over the target.
        package func commit() throws(WriteError) {
            guard let temp else { return }
            guard rename(temp, path) == 0 else {
                let why = String(cString: strerror(errno))
                unlink(temp)
                throw WriteError(path: path, reason: why)
            }
        }

        /// Removes the temporary file.
        package func discard() {
            if let temp { unlink(temp) }
        }
    }

    /// Writes `text` beside `path` under a temporary name, flushed to disk. `--json /dev/null`, a named pipe, a
    /// terminal are written in place at once: a rename over one would put a regular file where the device or
    /// pipe was (as root, /dev/null itself).
    ///
    /// A link is followed: into `/proc` or `/dev` (`--json /dev/stdout > report.json`, `/dev/fd/3`) the file it
    /// names is written in place, appended to as the shell opened it; to any other file, that file is replaced
    /// (the link stays a link). A folder is refused before anything is written.
    package static func prepare(_ text: String, to path: String) throws(WriteError) -> Pending {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw WriteError(path: path, reason: "it is a folder")
        }
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            try writeInPlace(text, to: path, fifo: (info.st_mode & S_IFMT) == S_IFIFO)
            return Pending(temp: nil, path: path)
        }
        var target = path
        var link = stat()
        if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
            let hop = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
            if [path, hop].contains(where: { $0.hasPrefix("/proc/") || $0.hasPrefix("/dev/") }) {
                try writeInPlace(text, to: path, fifo: false, append: true)
                return Pending(temp: nil, path: path)
            }
        }
        return try prepareReplacing(text, path: path, target: target)
    }

    /// The temporary file beside `target`, which `commit` renames over it.
    private static func prepareReplacing(_ text: String, path: String, target: String) throws(WriteError) -> Pending {
        let url = URL(fileURLWithPath: target)
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
            reason = SystemErrorText.describe(error)
        }
        if ok && fsync(fd) != 0 {
            ok = false
            reason = String(cString: strerror(errno))
        }
        close(fd)
        guard ok else {
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
        return Pending(temp: temp, path: target)
    }

    /// Writes through the device, pipe or descriptor `path` names. A named pipe no process reads is refused at
    /// once (opening it would block until one does).
    private static func writeInPlace(_ text: String, to path: String, fifo: Bool, append: Bool = false)
        throws(WriteError)
    {
        let fd = open(path, O_WRONLY | (fifo ? O_NONBLOCK : 0) | (append ? O_APPEND : 0))
        guard fd >= 0 else {
            let why = fifo && errno == ENXIO ? "it is a named pipe no process reads" : String(cString: strerror(errno))
            throw WriteError(path: path, reason: why)
        }
        defer { close(fd) }
        if fifo { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        do {
            try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
        } catch {
            throw WriteError(path: path, reason: SystemErrorText.describe(error))
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

/// A file-system error as the system says it (`No space left on device`, `Permission denied`): Foundation's
/// localized descriptions ("The operation could not be completed. The file doesn't exist.", or a bare
/// `NSCocoaErrorDomain error 512`) name no cause a cron log reader can act on.
package enum SystemErrorText {
    package static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        // Foundation on Linux often gives the Cocoa code alone: the POSIX cause it stands for.
        if ns.domain == NSCocoaErrorDomain {
            let posix: [Int: Int32] = [
                CocoaError.fileNoSuchFile.rawValue: ENOENT, CocoaError.fileReadNoSuchFile.rawValue: ENOENT,
                CocoaError.fileWriteNoPermission.rawValue: EACCES, CocoaError.fileReadNoPermission.rawValue: EACCES,
                CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC, CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS,
                CocoaError.fileWriteFileExists.rawValue: EEXIST,
            ]
            if let code = posix[ns.code] { return String(cString: strerror(code)) }
            if ns.code == CocoaError.fileWriteUnknown.rawValue { return "the system gave no reason (a write error)" }
        }
        return ns.localizedDescription
    }
}
