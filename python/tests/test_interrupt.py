"""Long runs from Python: the GIL is released while they run, Ctrl-C (KeyboardInterrupt) stops
them promptly, and an exception raised by a progress callback stops them and propagates."""
import os
import signal
import threading
import time
import unittest

import tilestudio as ts
from support import sample

# SA on CRONet (223 compute cores) with 100x the default moves per temperature: minutes of work.
LONG_SA = {"cost": "bb", "inner_num": 1000}


class LongRuns(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.design = ts.load_design(sample("cronet_xcve2802.yaml"))

    def test_ctrl_c_stops_a_long_run_with_keyboard_interrupt(self):
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        t0 = time.monotonic()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            ts.place(self.design, "sa", **LONG_SA)
        elapsed = time.monotonic() - t0
        timer.cancel()
        self.assertLess(elapsed, 5.0, "the run did not stop soon after Ctrl-C")
        # The module is usable afterwards.
        self.assertTrue(ts.pnr(ts.load_design(sample("edge_detect.yaml")), "sa").success)

    def test_other_threads_run_while_an_algorithm_works(self):
        ticks = []
        stop = threading.Event()

        def count():
            while not stop.is_set():
                ticks.append(1)
                time.sleep(0.01)

        worker = threading.Thread(target=count)
        worker.start()
        try:
            r = ts.place(self.design, "sa", time_limit=1.0, **LONG_SA)
        finally:
            stop.set()
            worker.join()
        self.assertEqual(r.status, "time-out")
        self.assertGreater(len(ticks), 20, "the GIL was held during the run")

    def test_a_callback_exception_stops_the_run(self):
        class Enough(Exception):
            pass

        def progress(p):
            if p.elapsed > 0.2:
                raise Enough()

        t0 = time.monotonic()
        with self.assertRaises(Enough):
            ts.place(self.design, "sa", progress=progress, **LONG_SA)
        self.assertLess(time.monotonic() - t0, 5.0)


if __name__ == "__main__":
    unittest.main()
