public enum FleetAuditVersion { public static let current = "0.1.0" }
