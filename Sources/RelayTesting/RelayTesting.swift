// RelayTesting re-exports Relay, so a test needs one import for the builder and the launcher.
@_exported public import Relay
