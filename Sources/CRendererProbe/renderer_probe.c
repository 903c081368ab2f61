#include "renderer_probe.h"

#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lsrp_linked(void) { return 1; }

typedef const unsigned char *(*gl_get_string)(unsigned int);

// Prints one line and leaves: "gl <renderer name>", "renderer <SDL's renderer name>" (not
// GL, so no name to read), or "none <why>". _exit: nothing of the program's own is set up
// yet, and nothing should run on the way out.
static void probe_and_exit(void) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        printf("none %s\n", SDL_GetError());
        fflush(stdout);
        _exit(0);
    }
    SDL_Window *window = SDL_CreateWindow("probe", 0, 0, 1, 1, SDL_WINDOW_HIDDEN);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED) : NULL;
    SDL_RendererInfo info;
    if (!renderer || SDL_GetRendererInfo(renderer, &info) != 0 || !info.name) {
        printf("none %s\n", SDL_GetError());
    } else if (strncmp(info.name, "opengl", 6) != 0) {
        printf("renderer %s\n", info.name);
    } else {
        gl_get_string get = (gl_get_string)SDL_GL_GetProcAddress("glGetString");
        const unsigned char *name = get ? get(0x1F01 /* GL_RENDERER */) : NULL;
        printf("gl %s\n", name ? (const char *)name : "(no name)");
    }
    fflush(stdout);
    _exit(0);
}

__attribute__((constructor)) static void lsrp_probe_if_asked(void) {
    if (getenv(LSRP_PROBE_ENVIRONMENT) != NULL) probe_and_exit();
}
