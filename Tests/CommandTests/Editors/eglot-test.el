;; emacs --batch -q -l eglot-test.el SETUP.el FILE [NOTE]: the setup (the docs' snippet), then FILE opened and
;; `M-x eglot' run in it against the real `dayplan lsp'; prints the mode, and once diagnostics arrive (or
;; after 20 s) how many there are and how many servers manage the project. Then Emacs' own completion
;; (`completion-at-point') of a tag typed at the end of FILE, and with NOTE (a file of the plan folder that is
;; not a day) the same in it, with its outline and inlay hints: printed as the lines that result.
(package-initialize)
(load (car command-line-args-left))
(require 'eglot)
(find-file (cadr command-line-args-left))
(defvar note-file (nth 2 command-line-args-left))
(setq command-line-args-left nil)
(princ (format "mode=%s\n" major-mode))
(apply #'eglot (eglot--guess-contact))
(with-timeout (20 (princ "timeout\n"))
  (while (null (flymake-diagnostics))
    (accept-process-output nil 0.1)))
(princ (format "diagnostics=%d servers=%d\n" (length (flymake-diagnostics))
               (length (gethash (eglot--current-project) eglot--servers-by-project))))
(defun complete-tag-at-end ()
  "Types `- [ ] Water the plants #ho' on a new last line, completes it, and prints the line."
  (goto-char (point-max))
  (insert "- [ ] Water the plants #ho")
  (completion-at-point)
  ;; On a line of its own: in batch mode a failed completion writes a bell to standard output.
  (princ (format "\ncompleted=%s\n" (buffer-substring (line-beginning-position) (line-end-position)))))
(complete-tag-at-end)
(when note-file
  (find-file note-file)
  (with-timeout (10 (princ "note not managed\n"))
    (while (null (eglot-current-server)) (accept-process-output nil 0.1)))
  (complete-tag-at-end)
  (let ((server (eglot-current-server))
        (document `(:textDocument ,(eglot--TextDocumentIdentifier))))
    (princ (format "note-symbols=%d note-folding=%d note-hints=%d\n"
                   (length (jsonrpc-request server :textDocument/documentSymbol document))
                   (length (jsonrpc-request server :textDocument/foldingRange document))
                   (length (jsonrpc-request server :textDocument/inlayHint
                                            (append document `(:range (:start (:line 0 :character 0) :end (:line 9 :character 0))))))))))
(kill-emacs 0)
