;; emacs --batch -q -l eglot-test.el SETUP.el FILE: the setup (the docs' snippet), then FILE opened and
;; `M-x eglot' run in it against the real `dayplan lsp'; prints the mode, and once diagnostics arrive (or
;; after 20 s) how many there are and how many servers manage the project.
(package-initialize)
(load (car command-line-args-left))
(require 'eglot)
(find-file (cadr command-line-args-left))
(setq command-line-args-left nil)
(princ (format "mode=%s\n" major-mode))
(apply #'eglot (eglot--guess-contact))
(with-timeout (20 (princ "timeout\n"))
  (while (null (flymake-diagnostics))
    (accept-process-output nil 0.1)))
(princ (format "diagnostics=%d servers=%d\n" (length (flymake-diagnostics))
               (length (gethash (eglot--current-project) eglot--servers-by-project))))
(kill-emacs 0)
