import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the reports go, as the command line asks.
public struct ReportTargets: Sendable {
    /// `--out DIR`: every format in it (`report.json`, … for an audit; `plan.json`, … for a plan).
    public var directory: String?
    public var json: String?
    public var xml: String?
    public var html: String?
    /// `--junit FILE`: the gates as a JUnit test report.
    public var junit: String?
    /// `--templates DIR`, else the built-in templates.
    public var templatesDirectory: String?
    /// `--metrics FILE`: the audit as Prometheus text exposition (`PrometheusMetrics`).
    public var metrics: String?

    public init() {}

    public var isEmpty: Bool {
        directory == nil && json == nil && xml == nil && html == nil && junit == nil && metrics == nil
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
        case render(AuditFailure)
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
    /// returned as the rendered text instead.
    public static func write<Report: RenderableReport>(_ report: Report, to targets: ReportTargets) throws(Failure) -> (
        written: [String], stdout: String?
    ) {
        let context: ReportContext
        do {
            context = ReportContext(
                templates: try targets.templatesDirectory.map { (dir) throws(AuditFailure) in
                    try ReportTemplates.load(directory: dir)
                } ?? .embedded)
        } catch {
            throw .render(error)
        }
        var rendered: [ReportFormat: String] = [:]
        func text(_ format: ReportFormat) throws(Failure) -> String {
            if let done = rendered[format] { return done }
            do { rendered[format] = try format.render(report, context: context) } catch { throw .render(error) }
            return rendered[format]!
        }

        var files: [(path: String, text: String)] = []
        var stdout: String?
        if let dir = targets.directory {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw .write("cannot create output folder \(dir): \(error.localizedDescription)")
            }
            for format in ReportFormat.directoryFormats {
                // NSString keeps a relative --out relative in "wrote …" (URL would make it absolute).
                files.append(
                    ((dir as NSString).appendingPathComponent(format.fileName(stem: Report.fileStem)), try text(format))
                )
            }
        }
        for (format, path) in [
            (ReportFormat.json, targets.json), (.xml, targets.xml), (.html, targets.html), (.junit, targets.junit),
        ] {
            guard let path else { continue }
            if path == "-" { stdout = try text(format) } else { files.append((path, try text(format))) }
        }
        if let path = targets.metrics, let audit = report as? AuditReport {
            // A failed run keeps the last success an earlier file recorded.
            let previous = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap(
                PrometheusMetrics.lastSuccess(in:))
            files.append((path, PrometheusMetrics.render(audit, previousLastSuccess: previous)))
        }
        // Every file of the set is written under a temporary name first; only then are they renamed. A write that
        // fails (a full disk) leaves none of this run's files, and removes the earlier run's: a folder cron
        // publishes must not keep reports claiming a success this run cannot stand behind.
        var pending: [AtomicFile.Pending] = []
        for file in files {
            do {
                pending.append(try AtomicFile.prepare(file.text, to: file.path))
            } catch {
                for p in pending { p.discard() }
                for other in files where other.path != file.path { removeRegularFile(other.path) }
                removeRegularFile(file.path)
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
}
