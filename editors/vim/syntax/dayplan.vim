" Syntax of dayplan's day files (FORMAT.md): the day heading, regions and other sections, tasks
" (bullet = bucket, box = status), #tags, @metadata, dates, and an @expires: day that has passed
" (in a warning colour; today is g:dayplan_today when set, for tests, else the clock's).
if exists('b:current_syntax')
  finish
endif

syn case match
syn sync minlines=50

syn match dayplanSection /^##[ \t].*$/
syn match dayplanRegion /^##[ \t]*\c\%(morning\|afternoon\|evening\|backlog\)[ \t]*#*[ \t]*$/
syn match dayplanDayHeading /^#[ \t]\+\d\{4}-\d\d-\d\d\%([ \t]\+#*\)\=[ \t]*$/

" A task line: indent, bullet, white space, box, then the title and metadata.
syn match dayplanTask /^[ \t]*[*+-][ \t]\+\[.\].*$/ contains=dayplanMust,dayplanComplementary,dayplanMisc
syn match dayplanMust /^[ \t]*\zs\*\ze[ \t]\+\[/ contained nextgroup=dayplanUnknownStatus,dayplanTodo,dayplanDoing,dayplanDone,dayplanMoved,dayplanCancelled skipwhite
syn match dayplanComplementary /^[ \t]*\zs+\ze[ \t]\+\[/ contained nextgroup=dayplanUnknownStatus,dayplanTodo,dayplanDoing,dayplanDone,dayplanMoved,dayplanCancelled skipwhite
syn match dayplanMisc /^[ \t]*\zs-\ze[ \t]\+\[/ contained nextgroup=dayplanUnknownStatus,dayplanTodo,dayplanDoing,dayplanDone,dayplanMoved,dayplanCancelled skipwhite
syn match dayplanUnknownStatus /\[.\]/ contained nextgroup=dayplanOpenTitle
syn match dayplanTodo /\[ \]/ contained nextgroup=dayplanOpenTitle
syn match dayplanDoing /\[\/\]/ contained nextgroup=dayplanOpenTitle
syn match dayplanDone /\[[xX]\]/ contained nextgroup=dayplanClosedTitle
syn match dayplanMoved /\[>\]/ contained nextgroup=dayplanClosedTitle
syn match dayplanCancelled /\[-\]/ contained nextgroup=dayplanClosedTitle
syn match dayplanOpenTitle /.*$/ contained contains=@dayplanWords
syn match dayplanClosedTitle /.*$/ contained contains=@dayplanWords

" Words of a title: tags (not only digits), metadata, dates.
syn cluster dayplanWords contains=dayplanTime,dayplanTag,dayplanMetadata,dayplanDate,dayplanOverdue
" A time of day at the start of a title (FORMAT.md §3.6): 09:00, 9:00, 09:00 - 10:00, 09:00-10:00, an en dash.
syn match dayplanTime /\%(\]\s\+\)\@<=\d\{1,2}:\d\d\%(\s*\%(-\|\%u2013\)\s*\d\{1,2}:\d\d\)\=\ze\%(\s\|$\)/ contained
syn match dayplanTag /\%(^\|[ \t]\)\zs#\%(\d\+\%([ \t]\|$\)\)\@!\%([[:alnum:]_/-]\|[^\x00-\x7f]\)\+/ contained
syn match dayplanMetadata /\%(^\|[ \t]\)\zs@\c\%(carry\|sticky\|expired\)\ze\%([ \t]\|$\)/ contained
syn match dayplanMetadata /\%(^\|[ \t]\)\zs@\c\%(every\):\S\+\ze\%([ \t]\|$\)/ contained
syn match dayplanMetadata /\%(^\|[ \t]\)\zs@\c\%(on\):\d\{4}-\d\d-\d\d\%(\/\a\+\)\=\ze\%([ \t]\|$\)/ contained contains=dayplanDate
syn match dayplanMetadata /\%(^\|[ \t]\)\zs@\c\%(start\|due\|expires\|from\|done\):\d\{4}-\d\d-\d\d\ze\%([ \t]\|$\)/ contained contains=dayplanDate
syn match dayplanMetadata /\%(^\|[ \t]\)\zs@\c\%(est\|spent\):\%(\d\+h\)\=\%(\d\+m\)\=\ze\%([ \t]\|$\)/ contained
syn match dayplanMetadata /\%(^\|[ \t]\)\zs@\c\%(running\):\d\d:\d\d\ze\%([ \t]\|$\)/ contained
syn match dayplanMetadata /\%(^\|[ \t]\)\zs@\c\%(priority\):\%(highest\|high\|medium\|low\|lowest\)\ze\%([ \t]\|$\)/ contained
syn match dayplanDate /\<\d\{4}-\d\d-\d\d\>/ contained
execute 'syn match dayplanOverdue /\%(^\|[ \t]\)\zs@\c\%(expires\):\%(' . dayplan#syntax#before(get(g:, 'dayplan_today', strftime('%Y-%m-%d'))) . '\)\ze\%([ \t]\|$\)/ contained'

" Kept as written, never read: code fences, HTML comments, front matter.
syn region dayplanFence start=/^ \{,3}\z(```\+\|\~\~\~\+\)/ end=/^ \{,3}\z1[`~]*[ \t]*$/
syn region dayplanComment start=/<!--/ end=/-->/
syn region dayplanFrontMatter start=/\%1l^---[ \t]*$/ end=/^\%(---\|\.\.\.\)[ \t]*$/

hi def link dayplanDayHeading Title
hi def link dayplanRegion Statement
hi def link dayplanSection PreProc
hi def link dayplanMust Special
hi def link dayplanComplementary Type
hi def link dayplanMisc Identifier
hi def link dayplanTodo Todo
hi def link dayplanDoing Type
hi def link dayplanDone Comment
hi def link dayplanMoved Comment
hi def link dayplanCancelled Comment
hi def link dayplanUnknownStatus Error
hi def link dayplanClosedTitle Comment
hi def link dayplanTag Label
hi def link dayplanMetadata PreProc
hi def link dayplanTime Special
hi def link dayplanDate Number
hi def link dayplanOverdue WarningMsg
hi def link dayplanFence String
hi def link dayplanComment Comment
hi def link dayplanFrontMatter Comment

let b:current_syntax = 'dayplan'
