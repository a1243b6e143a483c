import Foundation

/// Refuses a run whose outputs would overwrite its own inputs (`--json` naming the inventory, `--out` holding
/// a config called `report.json`, `whatif --draft` naming `--from`), before anything is read: the run would
/// otherwise destroy the file it audited and exit 0.
public enum OutputGuard {
    /// - Parameters:
    ///   - inputs: each input's flag and path (files; a `-` or a URL is skipped).
    ///   - outputs: each output's flag and path.
    public static func refuseOverwriting(
        inputs: [(flag: String, path: String)], outputs: [(flag: String, path: String)]
    ) throws(ReportError) {
        let known = inputs.filter { $0.path != "-" && !ConfigSource.isURL($0.path) }.map {
            ($0.flag, $0.path, Identity($0.path))
        }
        var written: [(flag: String, path: String, identity: Identity)] = []
        for output in outputs where output.path != "-" {
            let identity = Identity(output.path)
            if let input = known.first(where: { $0.2 == identity }) {
                throw .option(
                    "\(output.flag) \(output.path) is \(input.0) \(input.1), an input of this run: writing it would destroy what is audited; choose another path"
                )
            }
            // Two reports into one file: the last would silently replace the first.
            if let earlier = written.first(where: { $0.identity == identity }) {
                throw .option(
                    "\(output.flag) \(output.path) is also \(earlier.flag) \(earlier.path): each report needs a file of its own"
                )
            }
            written.append((output.flag, output.path, identity))
        }
    }

    /// The files `targets` would write for a `Report` (its `--out` files and each output option), with their flags.
    public static func outputs<Report: RenderableReport>(_ targets: ReportTargets, for _: Report.Type) -> [(
        flag: String, path: String
    )] {
        var out: [(String, String)] = []
        if let dir = targets.directory {
            for (_, fileName) in Report.directoryOutputs {
                out.append(("--out", (dir as NSString).appendingPathComponent(fileName)))
            }
        }
        for output in Report.outputs {
            if let path = targets.files[output.option] { out.append((output.flag, path)) }
        }
        return out
    }

    /// A file's device and inode when it exists (links and other spellings of one file are one file), else
    /// its absolute path with symbolic links resolved.
    private enum Identity: Equatable {
        case file(dev: UInt64, ino: UInt64)
        case path(String)

        init(_ path: String) {
            var info = stat()
            if stat(path, &info) == 0 {
                self = .file(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino))
            } else {
                self = .path(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path)
            }
        }
    }
}
