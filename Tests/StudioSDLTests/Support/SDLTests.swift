import Testing

/// Every StudioSDL test lives inside this suite so they run one at a time: SDL's init
/// and FreeType are not thread-safe, and Swift Testing runs suites in parallel otherwise.
/// None of them initializes SDL video, so they need no display.
@Suite(.serialized) enum SDLTests {}
