" A pattern matching the dates YYYY-MM-DD before `today` (itself YYYY-MM-DD): for each digit, the same
" digits before it, a smaller one, then any digits (dates compare as their digits do).
function! dayplan#syntax#before(today) abort
  let digits = substitute(a:today, '-', '', 'g')
  if digits !~# '^\d\{8}$'
    return '\%$x'
  endif
  let alternatives = []
  for index in range(8)
    let digit = str2nr(digits[index])
    if digit == 0
      continue
    endif
    let atoms = split(strpart(digits, 0, index), '\zs') + ['[0-' . (digit - 1) . ']'] + repeat(['\d'], 7 - index)
    call add(alternatives, join(atoms[0:3], '') . '-' . join(atoms[4:5], '') . '-' . join(atoms[6:7], ''))
  endfor
  return empty(alternatives) ? '\%$x' : join(alternatives, '\|')
endfunction
