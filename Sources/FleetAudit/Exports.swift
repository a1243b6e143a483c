// The library's users (the CLI, the tests) see the ingest and XML targets' public types through FleetAudit.
@_exported import FleetAuditIngest
@_exported import FleetAuditXML
