import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the reports go, as the command line asks: a folder for every report (`--out`), and a path (or `-`)
/// per output option given (`--json FILE`, `--junit -`, `--metrics FILE`).
public struct ReportTargets: Sendable {
    /// `--out DIR`: every output of the command's list that has a file name in it.
    public var directory: String?
    /// `--templates DIR`, else the built-in templates.
    public var templatesDirectory: String?
    /// Each output option given, by option (`json` → a path, or `-` for standard output).
    public var files: [String: String] = [:]
    /// What the CI outputs' paths are relative to: the checkout (the CLI passes `$GITHUB_WORKSPACE` or
    /// `$CI_PROJECT_DIR`), else the working directory.
    public var baseDirectory = FileManager.default.currentDirectoryPath

    public init() {}

    public var isEmpty: Bool { directory == nil && files.isEmpty }

    /// The option given `-`, if any.
    public var standardOutputOption: String? { files.first { $0.value == "-" }?.key }

    /// These targets without the one sent to standard output (a failed run's report goes only to files).
    public var withoutStandardOutput: ReportTargets {
        var targets = self
        targets.files = files.filter { $0.value != "-" }
        return targets
    }

    /// Why `Report`'s command cannot write these targets, checked before anything is read: an option that is
    /// not one of its outputs (`--metrics` on plan), `-` for an output that takes a file, or `-` twice.
    public func refusal<Report: RenderableReport>(for _: Report.Type) -> ReportError? {
        let known = Report.outputs.map(\.option)
        for option in files.keys.sorted() {
            guard let output = Report.output(option) else {
                let list = known.map { "--\($0)" }.joined(separator: ", ")
                return .option("--\(option) is not written by \(Report.command); its outputs are --out, \(list)")
            }
            if files[option] == "-" && !output.allowsStandardOutput {
                return .option("\(output.flag) takes a file, not -")
            }
        }
        let toStandardOutput = files.filter { $0.value == "-" }.keys
        if toStandardOutput.count > 1 {
            let flags = known.filter { Report.output($0)!.allowsStandardOutput }.map { "--\($0)" }
            return .option("only one of \(flags.joined(separator: ", ")) can be - (standard output)")
        }
        return nil
    }
}

/// Removes `path` when it is a regular file (never a device or a pipe given as an output).
private func removeRegularFile(_ path: String) {
    var info = stat()
    if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG { unlink(path) }
}

/// Renders every requested report first, then writes each through a temporary file and a rename: a bad
/// template fails the run before anything is written, and no report is ever left half-written.
public enum ReportWriter {
    public enum Failure: Error, CustomStringConvertible {
        /// A template problem: bad input (65).
        case render(ReportError)
        /// A report could not be written (74).
        case write(String)

        public var description: String {
            switch self {
            case .render(let f): return f.description
            case .write(let m): return m
            }
        }
    }

    /// Writes the reports; returns the paths written, in order. `-` as a path means standard output and is
    /// returned as the rendered text instead. An option `Report` has no output for is refused
    /// (`ReportTargets.refusal`), never ignored.
    public static func write<Report: RenderableReport>(_ report: Report, to targets: ReportTargets) throws(Failure) -> (
        written: [String], stdout: String?
    ) {
        if let refusal = targets.refusal(for: Report.self) { throw .render(refusal) }
        let context: ReportContext
        do {
            context = ReportContext(
                templates: try targets.templatesDirectory.map { (dir) throws(ReportError) in
                    try ReportTemplates.load(directory: dir)
                } ?? .embedded, baseDirectory: targets.baseDirectory)
        } catch {
            throw .render(error)
        }
        var rendered: [String: String] = [:]
        func text(_ output: ReportOutput<Report>) throws(Failure) -> String {
            if let done = rendered[output.option] { return done }
            do { rendered[output.option] = try output.render(report, context) } catch { throw .render(error) }
            return rendered[output.option]!
        }

        var files: [(path: String, text: String)] = []
        var stdout: String?
        if let dir = targets.directory {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw .write("cannot create output folder \(dir): \(SystemErrorText.describe(error))")
            }
            for (output, fileName) in Report.directoryOutputs {
                // NSString keeps a relative --out relative in "wrote …" (URL would make it absolute).
                files.append(((dir as NSString).appendingPathComponent(fileName), try text(output)))
            }
        }
        for output in Report.outputs {
            guard let path = targets.files[output.option] else { continue }
            if path == "-" {
                stdout = try text(output)
            } else if output.readsPrevious {
                var withPrevious = context
                withPrevious.previous = try? String(contentsOfFile: path, encoding: .utf8)
                do { files.append((path, try output.render(report, withPrevious))) } catch { throw .render(error) }
            } else {
                files.append((path, try text(output)))
            }
        }
        // Every file of the set is written under a temporary name first; only then are they renamed. A write that
        // fails (a full disk) leaves none of this run's files, and removes the earlier run's: a folder cron
        // publishes must not keep reports claiming a success this run cannot stand behind.
        // Two runs into one folder take turns: the set renamed is one run's, never some files of each.
        let lock = SetLock(
            folder: files.isEmpty ? nil : targets.directory ?? (files[0].path as NSString).deletingLastPathComponent)
        defer { lock.release() }
        // A file that carries its previous version forward (the metrics' last success) is not removed with the
        // set: an alert on the last success must go on counting from it, not go silent.
        let keptOnFailure = Set(
            Report.outputs.filter(\.readsPrevious).compactMap { targets.files[$0.option] })
        var pending: [AtomicFile.Pending] = []
        for file in files {
            do {
                pending.append(try AtomicFile.prepare(file.text, to: file.path))
            } catch {
                for p in pending { p.discard() }
                for other in files where !keptOnFailure.contains(other.path) { removeRegularFile(other.path) }
                throw .write(
                    error.description
                        + "; no report of this run was written, and the earlier ones at these paths were removed")
            }
        }
        var written: [String] = []
        for p in pending {
            do { try p.commit() } catch { throw .write(error.description) }
            written.append(p.path)
        }
        return (written, stdout)
    }

    /// An exclusive `flock` on the reports' folder itself, held while a set is written: no file of its own is left
    /// in the folder (when the folder cannot be opened, the set is written without it, as before).
    struct SetLock {
        private let fd: Int32

        init(folder: String?) {
            guard let folder else {
                fd = -1
                return
            }
            fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 { _ = flock(fd, LOCK_EX) }
        }

        func release() {
            guard fd >= 0 else { return }
            _ = flock(fd, LOCK_UN)
            close(fd)
        }
    }
}
