// The functions of timing_bandwidth.cu. The grader calls time_scale with device pointers it allocated
// and filled: d_x holds n floats, d_y has room for n. n can be any value >= 1.
#pragma once

// How many launches are timed together. Every time you report is for ONE launch: the time of all
// REPEATS launches divided by REPEATS.
#ifndef REPEATS
#define REPEATS 20
#endif

// What time_scale measured, for one launch of the kernel. Times in milliseconds, bandwidth in GB/s
// (1e9 bytes per second).
struct TimingReport {
    double event_ms;              // the kernel's time, from two cudaEvents around the launches
    double host_ms_without_sync;  // a host clock read right after the launches, without synchronising
    double host_ms_with_sync;     // a host clock read after the device has finished the launches
    double effective_gbps;        // (bytes read + bytes written by one launch) / event_ms
};

// Given in your file, not to be changed: launches the kernel you time, d_y[i] = 2 * d_x[i] for every i
// below n. The grader times its own copy of it and compares your event_ms with its time.
void launch_scale(const float* d_x, float* d_y, int n);

// Yours: time REPEATS launches of launch_scale(d_x, d_y, n) with events and with a host clock, and
// report them (README, "What to report"). Leave d_y holding the kernel's result; destroy every event
// you create.
TimingReport time_scale(const float* d_x, float* d_y, int n);
