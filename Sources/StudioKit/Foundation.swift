import StudioFoundation
// The core's users get its foundation with it: `import StudioKit` brings `Locked`,
// `SeededRandom`, `FileOutput` and the rest, as it did when they were part of the core, so
// neither LiveStudio's modules nor a package built on it imports two modules for one.
@_exported import StudioFoundation
