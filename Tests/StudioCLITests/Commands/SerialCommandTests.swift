import Testing

/// The command tests that take both cores for a while (benches with their baselines and
/// traces, the bench page in a browser, video decoding), one at a time: run side by side,
/// each would measure the other's load, and their deadlines would meet it.
@Suite(.serialized) enum SerialCommandTests {}
