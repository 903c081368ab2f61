// Which GL renderer SDL would give a window, asked in a child process so that the process
// that opens the studio's window never loads a GL driver it will not use.
//
// Mesa's llvmpipe (the GL of Xvfb and of machines without a graphics card) rasterizes on
// the CPU and brings LLVM with it: loading it to read its name costs tens of megabytes of
// resident memory for the whole session, although the studio then presents through the
// window's surface and never draws with GL. So the name is read by a copy of the program
// started for that alone: every program linking this target, started with
// LSRP_PROBE_ENVIRONMENT set, prints the renderer's name from a constructor and exits
// before its main runs.
#ifndef RENDERER_PROBE_H
#define RENDERER_PROBE_H

/// The environment variable that turns a process into the probe.
#define LSRP_PROBE_ENVIRONMENT "LIVESTUDIO_RENDERER_PROBE"

/// Links this file's constructor into the program (a target's object with no symbol in
/// use could otherwise be dropped); returns 1.
int lsrp_linked(void);

#endif
