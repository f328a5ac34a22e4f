// The function your blur.cu must define. The grader calls it with device pointers it allocated and
// filled: in and out are greyscale pictures of w pixels across and h pixels down, one byte per pixel,
// stored row by row (pixel (Row, Col) is at Row * w + Col). w and h can be any values >= 1. Launch your
// kernel on the default stream; the grader synchronises.
#pragma once

// Each output pixel is the average of the (2 * BLUR_SIZE + 1) x (2 * BLUR_SIZE + 1) patch around it.
// The grader also builds your file with -DBLUR_SIZE=2 and -DBLUR_SIZE=4, and with -DBLOCK_WIDTH=8 and 32:
// write the patch and the launch configuration in terms of these names.
#ifndef BLUR_SIZE
#define BLUR_SIZE 1
#endif
#ifndef BLOCK_WIDTH
#define BLOCK_WIDTH 16
#endif

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h);
