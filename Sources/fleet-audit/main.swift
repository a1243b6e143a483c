import FleetAudit
print(FleetAuditVersion.current)
