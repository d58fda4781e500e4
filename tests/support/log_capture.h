#ifndef LOG_CAPTURE_H
#define LOG_CAPTURE_H

/* What the code under test logged since the last clear. */
extern char log_captured[4096];
void log_capture_clear(void);

#endif
