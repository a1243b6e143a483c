import Foundation
import PackagePlugin

/// Embeds Templates/ (the HTML template and the XML schema) into the FleetAudit library at build time.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding Templates/",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files, outputFiles: [output])
        ]
    }
}
