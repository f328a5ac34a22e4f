// The functions your picture_scale.cu must define. The grader calls each with device pointers it
// allocated and filled. A picture is n pixels across (x, columns) and m pixels down (y, rows), stored row
// by row: the pixel in row Row and column Col is at Row * n + Col. n and m can be any values >= 1, not
// only multiples of BLOCK_WIDTH. Launch your kernels on the default stream; the grader synchronises.
#pragma once

// Blocks are BLOCK_WIDTH x BLOCK_WIDTH threads. The grader also builds your file with -DBLOCK_WIDTH=8 and
// -DBLOCK_WIDTH=32, so write the launch configuration in terms of this name, never 16.
#ifndef BLOCK_WIDTH
#define BLOCK_WIDTH 16
#endif

// d_Pout = 2 * d_Pin, pixel by pixel: an n x m picture of floats.
void scale_picture(const float* d_Pin, float* d_Pout, int n, int m);

// d_grey = the luminance of the colour picture d_rgb, n x m pixels. d_rgb holds 3 bytes per pixel,
// interleaved: the red, green and blue of pixel (Row, Col) are at 3 * (Row * n + Col) + 0, 1 and 2.
// grey = (21 * r + 72 * g + 7 * b + 50) / 100, in integer arithmetic (README, "From colour to grey").
void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m);
