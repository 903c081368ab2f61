// The one header through which Swift sees SDL: exactly the SDL headers StudioSDL uses.
#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>
#endif
