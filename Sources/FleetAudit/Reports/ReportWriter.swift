import Foundation

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

    public init() {}

    public var isEmpty: Bool { directory == nil && json == nil && xml == nil && html == nil && junit == nil }
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
    public static func write<Report: RenderableReport>(_ report: Report, to targets: ReportTargets) throws(Failure) -> (written: [String], stdout: String?) {
        let context: ReportContext
        do {
            context = ReportContext(templates: try targets.templatesDirectory.map { (dir) throws(AuditFailure) in
                try ReportTemplates.load(directory: dir)
            } ?? .embedded)
        } catch {
            throw .render(error)
        }
        // Each format is a pure function of the report, so they render side by side (on a large fleet the
        // HTML, JSON and XML took 0.07 s one after another).
        var wanted = targets.directory == nil ? [] : ReportFormat.directoryFormats
        for (format, path) in [(ReportFormat.json, targets.json), (.xml, targets.xml), (.html, targets.html), (.junit, targets.junit)]
        where path != nil && !wanted.contains(format) {
            wanted.append(format)
        }
        let formats = wanted
        let rendered = RenderedFormats(count: formats.count)
        let shared = UncheckedReport(report: report, context: context)
        DispatchQueue.concurrentPerform(iterations: formats.count) { i in
            rendered.set(i, Result { () throws(AuditFailure) in try formats[i].render(shared.report, context: shared.context) })
        }
        func text(_ format: ReportFormat) throws(Failure) -> String {
            switch rendered[formats.firstIndex(of: format)!] {
            case .success(let text): return text
            case .failure(let error): throw .render(error)
            }
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
                files.append(((dir as NSString).appendingPathComponent(format.fileName(stem: Report.fileStem)), try text(format)))
            }
        }
        for (format, path) in [(ReportFormat.json, targets.json), (.xml, targets.xml), (.html, targets.html), (.junit, targets.junit)] {
            guard let path else { continue }
            if path == "-" { stdout = try text(format) } else { files.append((path, try text(format))) }
        }
        var written: [String] = []
        for file in files {
            do {
                try AtomicFile.write(file.text, to: file.path)
            } catch {
                throw .write(error.description)
            }
            written.append(file.path)
        }
        return (written, stdout)
    }
}

/// The report and its context, read (never written) by the rendering threads.
private struct UncheckedReport<Report>: @unchecked Sendable {
    let report: Report
    let context: ReportContext
}

/// One rendered text (or its failure) per format; each rendering thread sets only its own.
private final class RenderedFormats: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<String, AuditFailure>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ result: Result<String, AuditFailure>) {
        lock.lock(); results[i] = result; lock.unlock()
    }

    subscript(_ i: Int) -> Result<String, AuditFailure> {
        lock.lock(); defer { lock.unlock() }
        return results[i]!
    }
}
